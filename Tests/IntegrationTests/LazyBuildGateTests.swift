import DICore
import DILifetime
import Dispatch
import Synchronization
import TestSupport
import Testing

/// The value a `Lazy` resolves: it takes the cached `Keystone`.
private final class Vault: Sendable {
    init(keystone: Keystone) {}
}
/// A cached component whose factory reads the `Lazy` of a `Vault`.
private final class Keystone: Sendable {
    init() {}
}
/// Where the test hands the `Lazy` to `Keystone`'s factory.
private final class LazySlot: Sendable {
    let lazy = Protected<Lazy<Vault>?>(nil)
}

/// The outcome of one thread's request: success, or the error's code.
private enum Outcome: Equatable, Sendable {
    case success
    case failure(DIError.Code)
}

/// A `Lazy`'s first read waits through the build gate, so a wait across threads that would
/// never end is a `.cycle`.
@Suite struct LazyBuildGateTests {
    @Test func aLazyReadAndACachedBuildWaitingForEachOtherEndInACycleNotAHang() throws {
        let container = DIContainer()
        let slot = LazySlot()
        // Both threads are inside their builds (A reading the Lazy, B building Keystone)
        // before either asks for what the other builds.
        let bothInside = Barrier(parties: 2)
        container.register { () -> Keystone in
            bothInside.arriveAndWait()
            let lazy = slot.lazy.withLock { $0 }!
            _ = try lazy.resolvedValue()
            return Keystone()
        }.lifetime(.perContainer(.strong))
        container.register { (resolver: DIContainer) throws -> Vault in
            bothInside.arriveAndWait()
            return Vault(keystone: try resolver.resolve(Keystone.self))
        }
        let lazy = try container.resolve(Lazy<Vault>.self)
        slot.lazy.withLock { $0 = lazy }

        let outcomes = Protected<[Outcome]>([])
        let done = DispatchSemaphore(value: 0)
        let requests: [@Sendable () throws -> Void] = [
            { _ = try lazy.resolvedValue() },
            { _ = try container.resolve(Keystone.self) },
        ]
        for request in requests {
            Thread { () in
                do {
                    try request()
                    outcomes.withLock { $0.append(.success) }
                } catch {
                    let code = (error as? DIError)?.code ?? .factoryFailed
                    outcomes.withLock { $0.append(.failure(code)) }
                }
                done.signal()
            }.start()
        }
        // The watchdog: both requests end well within it, or they wait for each other forever.
        for _ in requests {
            guard done.wait(timeout: .now() + .seconds(60)) == .success else {
                Issue.record("the Lazy's read and the cached build wait for each other")
                return
            }
        }
        let all = outcomes.withLock { $0 }
        #expect(all.allSatisfy { $0 == .success || $0 == .failure(.cycle) })
        #expect(all.contains(.failure(.cycle)))
    }

    @Test func aLazyReadFromManyThreadsResolvesOnce() async throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Keystone in
            made.increment()
            return Keystone()
        }
        let lazy = try await container.resolve(Lazy<Keystone>.self)
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(lazy.value) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(made.count == 1)
    }
}

/// A plain pthread running `body`, so the test does not depend on Foundation.
private struct Thread {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func start() { ThreadStarter(body).start() }
}
