import DICore
import DILifetime
import DIScopes
import Synchronization
import Testing

/// What the property injection needs; registered only after the first resolves failed.
private final class Piece: Sendable { init() {} }

/// A cached component whose property injection needs a `Piece`.
private final class Holder: Sendable {
    private let stored = Mutex<Piece?>(nil)
    var piece: Piece? { stored.withLock { $0 } }
    func attach(_ piece: Piece) { stored.withLock { $0 = piece } }
}

/// Takes the cached holder in its initializer: built around it in the same resolve.
private final class Owner: Sendable {
    let holder: Holder
    init(holder: Holder) { self.holder = holder }
}

/// An async component: its presence makes the awaited resolve plan its graph.
private final class AsyncMarker: Sendable { init() {} }

/// Every caching lifetime, by name (a scope is made per test).
private let cachingLifetimes = ["perContainer(.strong)", "perContainer(.weak)", "perRun(.strong)", "perRun(.weak)", "single", "custom"]

private func lifetime(named name: String) -> DIComponentLifetime {
    switch name {
    case "perContainer(.strong)": .perContainer(.strong)
    case "perContainer(.weak)": .perContainer(.weak)
    case "perRun(.strong)": .perRun(.strong)
    case "perRun(.weak)": .perRun(.weak)
    case "single": .single
    default: .custom(DIScope(name: "test", storage: DICacheStorage()))
    }
}

/// A container whose cached `Holder` (of the lifetime `name`) needs a `Piece` it lacks.
private func container(holderLifetime name: String, awaited: Bool) -> DIContainer {
    let container = DIContainer()
    container.register { Holder() }
        .lifetime(lifetime(named: name))
        .injection { (holder: Holder, piece: Piece) in holder.attach(piece) }
    container.register(Owner.init)
    if awaited { container.register { () async in AsyncMarker() } }
    return container
}

@Suite struct FailedResolveKeepsNothingTests {
    @Test(arguments: cachingLifetimes)
    func aFailedInjectionKeepsNoInstance(_ name: String) throws {
        try DIContainer.withIsolatedProcessWideInstances {
            let container = container(holderLifetime: name, awaited: false)
            var codes: [DIError.Code] = []
            for _ in 0..<3 {
                do throws(DIError) {
                    _ = try container.resolve(Holder.self)
                    Issue.record("resolved a holder that lacks its piece")
                } catch {
                    codes.append(error.code)
                }
            }
            #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
            container.register { Piece() }
            let holder = try container.resolve(Holder.self)
            #expect(holder.piece != nil)
        }
    }

    @Test(arguments: cachingLifetimes)
    func aFailedInjectionAnswersTheSameEveryTime(_ name: String) throws {
        try DIContainer.withIsolatedProcessWideInstances {
            let container = container(holderLifetime: name, awaited: false)
            var codes: [DIError.Code] = []
            for _ in 0..<3 {
                do throws(DIError) {
                    _ = try container.resolve(Owner.self)
                    Issue.record("resolved an owner whose holder lacks its piece")
                } catch {
                    codes.append(error.code)
                }
            }
            #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
            container.register { Piece() }
            let owner = try container.resolve(Owner.self)
            #expect(owner.holder.piece != nil)
        }
    }

    @Test(arguments: cachingLifetimes)
    func anAwaitedFailedInjectionKeepsNoInstance(_ name: String) async throws {
        try await DIContainer.withIsolatedProcessWideInstances {
            let container = container(holderLifetime: name, awaited: true)
            var codes: [DIError.Code] = []
            for _ in 0..<3 {
                do throws(DIError) {
                    _ = try await container.resolve(Owner.self)
                    Issue.record("resolved an owner whose holder lacks its piece")
                } catch {
                    codes.append(error.code)
                }
            }
            #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
            // The synchronous door agrees after the awaited one failed.
            #expect(throws: DIError.self) { try container.resolve(Holder.self) }
            container.register { Piece() }
            let owner = try await container.resolve(Owner.self)
            #expect(owner.holder.piece != nil)
        }
    }
}

/// Built after the holder, in the same resolve: lets another thread ask for the holder while
/// the resolve that built it has not ended yet.
private final class Pause: Sendable { init() {} }

private final class Paused: Sendable {
    let holder: Holder
    init(holder: Holder, pause: Pause) { self.holder = holder }
}

@Suite struct FailedResolveWaitersTests {
    /// A request from another thread while the failing resolve is still under way never gets
    /// the holder whose injection failed: it waits, then claims again and fails the same way.
    @Test func aWaiterOfAFailedResolveGetsNoHalfBuiltInstance() async {
        let container = DIContainer()
        let asked = Atomic(false)
        let holderBuilt = Atomic(false)
        container.register { Holder() }
            .lifetime(.perContainer(.strong))
            .injection { (holder: Holder, piece: Piece) in holder.attach(piece) }
        container.register { () -> Pause in
            holderBuilt.store(true, ordering: .releasing)
            // Gives the other thread time to ask for the holder; the test holds either way.
            let deadline = ContinuousClock.now + .milliseconds(200)
            while !asked.load(ordering: .acquiring) && ContinuousClock.now < deadline {}
            return Pause()
        }
        container.register(Paused.init)
        async let first = onThread { () -> Bool in (try? container.resolve(Paused.self)) != nil }
        async let second = onThread { () -> Bool in
            let deadline = ContinuousClock.now + .seconds(5)
            while !holderBuilt.load(ordering: .acquiring) && ContinuousClock.now < deadline {}
            asked.store(true, ordering: .releasing)
            return (try? container.resolve(Holder.self)) != nil
        }
        let (firstResolved, secondResolved) = await (first, second)
        #expect(!firstResolved)
        #expect(!secondResolved)
    }
}
