import DICore
import DILifetime
import Testing

/// `A(b: B)`, `B(a: Lazy<A>)`: the cycle closed by a `Lazy`.
private final class LazyOwner: Sendable {
    let part: LazyPart
    init(part: LazyPart) { self.part = part }
}
private final class LazyPart: Sendable {
    let owner: Lazy<LazyOwner>
    init(owner: Lazy<LazyOwner>) { self.owner = owner }
}

/// `A(b: B)`, `B(a: Provider<A>)`: the cycle closed by a `Provider`.
private final class ProviderOwner: Sendable {
    let part: ProviderPart
    init(part: ProviderPart) { self.part = part }
}
private final class ProviderPart: Sendable {
    let owner: Provider<ProviderOwner>
    init(owner: Provider<ProviderOwner>) { self.owner = owner }
}

/// A graph where the shared component is reached through a `[Lazy<T>]`.
private final class Hub {
    let spokes: [Lazy<Spoke>]
    let shared: GraphShared
    init(spokes: [Lazy<Spoke>], shared: GraphShared) { self.spokes = spokes; self.shared = shared }
}
private final class Spoke {
    let shared: GraphShared
    init(shared: GraphShared) { self.shared = shared }
}
private final class GraphShared { init() {} }

@Suite struct LazyInGraphTests {
    @Test func lazyInAnObjectGraphCycleGivesTheGraphsInstance() throws {
        let container = DIContainer()
        container.register(LazyOwner.init).lifetime(.objectGraph)
        container.register(LazyPart.init)
        let owner = try container.resolve(LazyOwner.self)
        #expect(owner.part.owner.value === owner)
    }

    @Test func providerInAnObjectGraphCycleGivesTheGraphsInstance() throws {
        let container = DIContainer()
        container.register(ProviderOwner.init).lifetime(.objectGraph)
        container.register(ProviderPart.init)
        let owner = try container.resolve(ProviderOwner.self)
        #expect(owner.part.owner() === owner)
        #expect(try owner.part.owner.resolve() === owner)
    }

    @Test func eachResolveKeepsItsOwnGraph() throws {
        let container = DIContainer()
        container.register(LazyOwner.init).lifetime(.objectGraph)
        container.register(LazyPart.init)
        let first = try container.resolve(LazyOwner.self)
        let second = try container.resolve(LazyOwner.self)
        #expect(first !== second)
        #expect(second.part.owner.value === second)
        #expect(first.part.owner.value === first)
    }

    @Test func lazyElementsSeeInstancesSharedAfterTheyWereMade() throws {
        let container = DIContainer()
        container.register(Hub.init)
        container.register(Spoke.init)
        container.register(Spoke.init)
        container.register(GraphShared.init).lifetime(.objectGraph)
        let hub = try container.resolve(Hub.self)
        #expect(hub.spokes.count == 2)
        #expect(hub.spokes.allSatisfy { $0.value.shared === hub.shared })
    }

    @Test func awaitedReadOfALazySeesTheGraph() async throws {
        let container = DIContainer()
        container.register(LazyOwner.init).lifetime(.objectGraph)
        container.register(LazyPart.init)
        let owner = try await container.resolve(LazyOwner.self)
        let value = try await owner.part.owner.resolvedValue()
        #expect(value === owner)
    }

    @Test func resetLazyResolvesAgainAsANewResolve() throws {
        let container = DIContainer()
        container.register(LazyOwner.init).lifetime(.objectGraph)
        container.register(LazyPart.init)
        let owner = try container.resolve(LazyOwner.self)
        #expect(owner.part.owner.value === owner)
        owner.part.owner.reset()
        #expect(!owner.part.owner.isResolved)
        #expect(owner.part.owner.value !== owner)
    }

    @Test func oneGraphsLazyAndProviderReadFromManyTasksAtOnce() async throws {
        let container = DIContainer()
        container.register(ProviderOwner.init).lifetime(.objectGraph)
        container.register(ProviderPart.init)
        container.register(LazyOwner.init).lifetime(.objectGraph)
        container.register(LazyPart.init)
        let providerOwner = try await container.resolve(ProviderOwner.self)
        let lazyOwner = try await container.resolve(LazyOwner.self)
        let allSame = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? providerOwner.part.owner() === providerOwner : lazyOwner.part.owner.value === lazyOwner
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(allSame)
    }
}
