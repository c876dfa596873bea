import DICore
import DIHierarchy
import DILifetime
import DIScopes
import Synchronization
import Testing

/// What the property injection needs; registered only after the first resolves failed.
private final class Piece: Sendable { init() {} }

/// A cached component whose property injection needs a `Piece`.
private final class Holder: Sendable {
    private let stored = Protected<Piece?>(nil)
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

/// What a failing injection needs; registered, in some tests, only after the failures.
private final class Missing: Sendable { init() {} }

/// A dependency found through its protocol.
private protocol Face: Sendable {}

/// A dependency whose own property injection may fail; it counts the injections that ran.
private final class Leaf: Face, Sendable {
    private let count = Protected(0)
    var injections: Int { count.withLock { $0 } }
    func injected() { count.withLock { $0 += 1 } }
}

/// A component an awaited resolve builds ahead of its synchronous pass (main-actor or async
/// factory); it counts the injections that ran into it.
private final class Screen: Sendable {
    let leaf: Leaf?
    private let count = Protected(0)
    init(leaf: Leaf? = nil) { self.leaf = leaf }
    var injections: Int { count.withLock { $0 } }
    func injected() { count.withLock { $0 += 1 } }
}

/// Takes a screen in its initializer.
private final class Frame: Sendable {
    let screens: [Screen]
    init(screens: [Screen]) { self.screens = screens }
}

/// The codes of `times` awaited resolves made by `resolve`, `nil` for one that succeeded.
private func awaitedCodes(
    _ times: Int = 3, _ resolve: () async throws(DIError) -> Void
) async -> [DIError.Code?] {
    var codes: [DIError.Code?] = []
    for _ in 0..<times {
        do throws(DIError) {
            try await resolve()
            codes.append(nil)
        } catch {
            codes.append(error.code)
        }
    }
    return codes
}

/// The awaited resolve builds a main-actor or async component ahead of its synchronous pass
/// (`AsyncPreparation`); when that build, or a dependency's injection in it, fails, nothing
/// it made is kept, and the awaited door reports the failure every time, as the synchronous
/// door does (the minimal graphs of the differential suite's seeds 62, 300, 13 and 294).
@Suite struct FailedPreparationKeepsNothingTests {
    /// Seed 62: a cached main-actor component whose own injection is ambiguous.
    @Test func aMainActorBuildWhoseInjectionIsAmbiguousIsNotKept() async {
        await DIContainer.withIsolatedProcessWideInstances {
            let container = DIContainer()
            container.register { Leaf() }
            container.register { Leaf() }
            container.register { @MainActor in Screen() }
                .lifetime(.single)
                .named("a")
                .injection { (screen: Screen, _: Leaf) in screen.injected() }
            let codes = await awaitedCodes { () async throws(DIError) in
                _ = try await container.resolveAsync(Screen.self, name: "a")
            }
            #expect(codes == [.ambiguous, .ambiguous, .ambiguous])
            // The synchronous door, on the main actor, says the same.
            let synchronous = await MainActor.run { () -> DIError.Code? in
                do throws(DIError) {
                    _ = try container.resolve(Screen.self, name: "a")
                    return nil
                } catch {
                    return error.code
                }
            }
            #expect(synchronous == .ambiguous)
        }
    }

    /// Seed 300: a cached main-actor component whose injection of `[any Face]` meets an
    /// element that lacks a dependency.
    @Test func aMainActorBuildWhoseArrayInjectionFailsIsNotKept() async throws {
        try await DIContainer.withIsolatedProcessWideInstances {
            let container = DIContainer()
            container.register { @MainActor in Screen() }
                .lifetime(.perRun(.strong))
                .injection { (screen: Screen, _: [any Face]) in screen.injected() }
            container.register { (_: Missing) in Leaf() }.as((any Face).self)
            let codes = await awaitedCodes { () async throws(DIError) in _ = try await container.resolve(Screen.self) }
            #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
            container.register { Missing() }
            let screen = try await container.resolve(Screen.self)
            #expect(screen.injections == 1)
        }
    }

    /// Seed 13: a child's cached main-actor component built around a parent's prototype
    /// whose injection lacks its dependency (an optional parameter: a registered component
    /// that fails is an error, not `nil`).
    @Test func aMainActorBuildWhoseDependencysInjectionFailsIsNotKept() async throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        child.register { @MainActor (leaf: Leaf?) in Screen(leaf: leaf) }
            .lifetime(.custom(DIScope(name: "screen", storage: DICacheStorage())))
        parent.register { Leaf() }
            .injection { (leaf: Leaf, _: Missing) in leaf.injected() }
        let codes = await awaitedCodes { () async throws(DIError) in _ = try await child.resolve(Screen.self) }
        #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
        parent.register { Missing() }
        let screen = try await child.resolve(Screen.self)
        let leaf = try #require(screen.leaf)
        #expect(leaf.injections == 1)
    }

    /// Seed 294: a cached async component built around a prototype whose injection lacks its
    /// dependency, inside a cached component the synchronous pass builds.
    @Test func anAsyncBuildWhoseDependencysInjectionFailsIsNotKept() async throws {
        try await DIContainer.withIsolatedProcessWideInstances {
            let container = DIContainer()
            container.register(Frame.init).lifetime(.perContainer(.strong))
            container.register { (leaf: Leaf?) async in Screen(leaf: leaf) }
                .lifetime(.perRun(.strong))
            container.register { Leaf() }
                .injection { (leaf: Leaf, _: Missing) in leaf.injected() }
            let codes = await awaitedCodes { () async throws(DIError) in _ = try await container.resolve(Frame.self) }
            #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
            container.register { Missing() }
            let frame = try await container.resolve(Frame.self)
            let leaf = try #require(frame.screens.first?.leaf)
            #expect(leaf.injections == 1)
        }
    }
}

/// A cached holder of `Lazy` leaves, read after the resolve that made it.
private final class Shelf: Sendable {
    let leaves: [Lazy<Leaf>]
    init(leaves: [Lazy<Leaf>]) { self.leaves = leaves }
}

/// A `Lazy`'s first read is a resolve of its own: when an injection in it fails, the `Lazy`
/// keeps nothing, and the next read resolves again (the differential suite's seeds 440 and
/// 1088, `STRESS_ROUNDS=4`).
@Suite struct FailedLazyReadKeepsNothingTests {
    @Test func aReadWhoseInjectionFailsKeepsNoValue() throws {
        let container = DIContainer()
        container.register { Leaf() }
            .injection { (leaf: Leaf, _: Missing) in leaf.injected() }
        let lazy = try container.resolve(Lazy<Leaf>.self)
        var codes: [DIError.Code?] = []
        for _ in 0..<3 {
            do throws(DIError) {
                _ = try lazy.resolvedValue()
                codes.append(nil)
            } catch {
                codes.append(error.code)
            }
        }
        #expect(codes == [.notRegistered, .notRegistered, .notRegistered])
        container.register { Missing() }
        #expect(try lazy.resolvedValue().injections == 1)
    }

    /// The same for a `Lazy` held by a cached component, its value's injection ambiguous.
    @Test func aReadInsideACachedHolderWhoseInjectionIsAmbiguousKeepsNoValue() throws {
        let container = DIContainer()
        container.register { Missing() }
        container.register { Missing() }
        container.register { Leaf() }
            .injection { (leaf: Leaf, _: Missing) in leaf.injected() }
        container.register(Shelf.init)
            .lifetime(.perContainer(.strong))
        let shelf = try container.resolve(Shelf.self)
        let lazy = try #require(shelf.leaves.first)
        var codes: [DIError.Code?] = []
        for _ in 0..<3 {
            do throws(DIError) {
                _ = try lazy.resolvedValue()
                codes.append(nil)
            } catch {
                codes.append(error.code)
            }
        }
        #expect(codes == [.ambiguous, .ambiguous, .ambiguous])
    }
}

/// A cached main-actor component with an async property injection: the awaited resolve builds
/// it on the main actor and runs the injection once (its synchronous factory, which refuses,
/// is never asked).
@Suite struct MainActorAsyncInjectionTests {
    @Test func anAsyncInjectionOfACachedMainActorComponentRuns() async throws {
        let container = DIContainer()
        container.register { Leaf() }
        container.register { @MainActor in Screen() }
            .lifetime(.perContainer(.strong))
            .injection { (screen: Screen, _: Leaf) async in screen.injected() }
        let screen = try await container.resolve(Screen.self)
        #expect(screen.injections == 1)
        #expect(try await container.resolve(Screen.self) === screen)
        #expect(screen.injections == 1)
    }
}
