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
    private let code = Protected<DIError.Code?>(nil)
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

/// What `Injected`'s property injection sets.
private final class Piece: Sendable { init() {} }

/// A cached component with a property injection: the resolve that builds it holds it
/// provisionally until its injection has run.
private final class Injected: Sendable {
    private let stored = Protected<Piece?>(nil)
    var piece: Piece? { stored.withLock { $0 } }
    func attach(_ piece: Piece) { stored.withLock { $0 = piece } }
}

/// Built after `Injected` in the same resolve; its factory is where the test acts.
private final class Probe: Sendable { init() {} }

private final class Around: Sendable {
    init(injected: Injected, probe: Probe) {}
}

/// Started from a resolve's factory, so that a task is started inside `detached`.
private final class Starter: Sendable { init() {} }

/// Tells the test that a resolve waits for `Injected` (every wait is reported at once).
private final class InjectedWaitWatcher: DIObserver {
    let waitingOrDone = DispatchSemaphore(value: 0)
    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        if build.component.type == Injected.self { waitingOrDone.signal() }
    }
}

/// Resolves `type` from one call site, so that two calls on a thread have the same stack.
@inline(never)
private func resolveFromOneSite<T>(_ container: DIContainer, _ type: T.Type) {
    _ = try? container.resolve(type)
}

/// What the task started inside `detached` got, and the signals between it and the test.
private final class TaskRun: Sendable {
    let go = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let watcher = InjectedWaitWatcher()
    /// Whether the instance the task got had its injection run when its resolve returned it.
    private let got = Protected<Bool?>(nil)
    var gotComplete: Bool? { got.withLock { $0 } }

    /// Waits for `go`, resolves `Injected`, keeps it and says so.
    func askWhenTold(_ container: DIContainer) {
        go.wait()
        let injected = try? container.resolve(Injected.self)
        got.withLock { $0 = injected.map { $0.piece != nil } }
        // The task returned: the resolve waiting for it goes on.
        watcher.waitingOrDone.signal()
        done.signal()
    }
}

/// A task started inside `detached` in one resolve's factory, then a later resolve on the same
/// thread that holds `Injected` provisionally while the task asks for it: whether what the task
/// got has its injection run (`nil` if the task got nothing).
private func aTaskFromDetachedAsksDuringALaterResolve() -> Bool? {
    let container = DIContainer()
    let run = TaskRun()
    container.addObserver(run.watcher)
    container.register { Injected() }
        .lifetime(.perContainer(.strong))
        .injection { (injected: Injected, piece: Piece) in injected.attach(piece) }
    container.register { Piece() }
    container.register { () -> Starter in
        DIContainer.detached { () -> Void in
            _ = Task { run.askWhenTold(container) }
        }
        return Starter()
    }
    container.register { () -> Probe in
        // The task asks now, while this resolve holds `Injected`; it waits, or (what the test
        // must not see) returns.
        run.go.signal()
        run.watcher.waitingOrDone.wait()
        return Probe()
    }
    container.register(Around.init)
    let done = DispatchSemaphore(value: 0)
    ThreadStarter {
        resolveFromOneSite(container, Starter.self)
        resolveFromOneSite(container, Around.self)
        done.signal()
    }.start()
    precondition(done.wait(timeout: .now() + 60) == .success, "the resolves never ended")
    precondition(run.done.wait(timeout: .now() + 60) == .success, "the task never ended")
    return run.gotComplete
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

    // Issue 36, point 2: a resolve inside `detached` took the interrupted resolve's
    // provisional instance (which that resolve may still drop).
    @Test func aDetachedResolveNeverTakesTheInterruptedResolvesProvisionalInstance() {
        let outcome = Outcome()
        let container = DIContainer()
        container.register { Injected() }
            .lifetime(.perContainer(.strong))
            .injection { (injected: Injected, piece: Piece) in injected.attach(piece) }
        container.register { Piece() }
        container.register { (container: DIContainer) -> Probe in
            outcome.record(
                DIContainer.detached { () -> DIError.Code? in
                    do throws(DIError) {
                        _ = try container.resolve(Injected.self)
                        return nil
                    } catch {
                        return error.code
                    }
                })
            return Probe()
        }
        container.register(Around.init)
        withWatchdog {
            _ = try? container.resolve(Around.self)
        }
        #expect(outcome.value == .cycle)
    }

    // Issue 36, point 2: a task started inside `detached` kept the interrupted resolve's
    // identifier, and took the half-built instance of a later resolve that had the same one.
    @Test func aTaskStartedInsideDetachedIsPartOfNoResolve() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .zero
            let complete = aTaskFromDetachedAsksDuringALaterResolve()
            precondition(complete != nil, "the task got nothing")
            precondition(complete == true, "the task got an instance whose injection had not run")
        }
    }
}
