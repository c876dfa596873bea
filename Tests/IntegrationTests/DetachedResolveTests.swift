import DICore
import DILifetime
import Dispatch
import Synchronization
import Testing

/// An instance numbered by the test that made it: compared by number, never by address.
private final class Shared: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// What a factory saw: its own `.objectGraph` instance, the one a callback run inside it
/// resolved as part of its resolve, and the one a detached callback resolved.
private final class Screen: Sendable {
    let own: Int
    let joined: Int
    let detached: Int
    init(own: Int, joined: Int, detached: Int) {
        self.own = own
        self.joined = joined
        self.detached = detached
    }
}

private final class Cached: Sendable { init() {} }

/// What a callback run inside `Cached`'s factory got.
private final class Outcome: Sendable {
    private let code = Mutex<DIError.Code?>(nil)
    var value: DIError.Code? { code.withLock { $0 } }
    func record(_ value: DIError.Code?) { code.withLock { $0 = value } }
}

/// Runs `body` on a new thread; fails the test if it has not returned within `seconds`.
private func withWatchdog(seconds: Int = 10, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    ThreadStarter {
        body()
        done.signal()
    }.start()
    if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
        Issue.record("the resolve did not end within \(seconds) s")
    }
}

@Suite struct DetachedResolveTests {
    /// A callback that a factory runs on its own thread (as a nested run loop runs a timer)
    /// joins the factory's resolve; wrapped in `DIContainer.detached`, it resolves anew.
    @Test func aDetachedCallbackInsideAFactoryDoesNotJoinItsResolve() throws {
        let made = Atomic(0)
        let container = DIContainer()
        container.register { Shared(number: made.wrappingAdd(1, ordering: .relaxed).newValue) }
            .lifetime(.objectGraph)
        container.register { (own: Shared, container: DIContainer) -> Screen in
            // Stands for a callback a nested run loop would run here.
            let callback = { (try? container.resolve(Shared.self))?.number ?? -1 }
            return Screen(own: own.number, joined: callback(), detached: DIContainer.detached(callback))
        }
        let screen = try container.resolve(Screen.self)
        #expect(screen.joined == screen.own)
        #expect(screen.detached != screen.own)
        #expect(screen.detached != -1)
    }

    /// A detached resolve inside a cached component's factory that asks for that component
    /// would wait for a build its own thread is making: a `cycle` error, not a hang.
    @Test func aDetachedResolveOfTheBuildItInterruptsIsACycle() {
        let outcome = Outcome()
        let container = DIContainer()
        container.register { (container: DIContainer) -> Cached in
            outcome.record(
                DIContainer.detached { () -> DIError.Code? in
                    do throws(DIError) {
                        _ = try container.resolve(Cached.self)
                        return nil
                    } catch {
                        return error.code
                    }
                })
            return Cached()
        }
        .lifetime(.perContainer(.strong))
        withWatchdog {
            _ = try? container.resolve(Cached.self)
        }
        #expect(outcome.value == .cycle)
    }

    /// Outside any resolve, `detached` runs its body and hands back what it returns or throws.
    @Test func detachedOutsideAResolveOnlyRunsItsBody() throws {
        let container = DIContainer()
        container.register { Shared(number: 7) }
        #expect(try DIContainer.detached { () throws(DIError) -> Int in try container.resolve(Shared.self).number } == 7)
        #expect(throws: DIError.self) {
            try DIContainer.detached { () throws(DIError) in try container.resolve(Cached.self) }
        }
    }
}
