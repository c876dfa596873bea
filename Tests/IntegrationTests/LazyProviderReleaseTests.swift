import DICore
import DILifetime
import TestSupport
import Testing

/// Counts the deinits of the instances of one test.
private final class Freed: Sendable {
    let counter = Counter()
}
private final class Leaf: Sendable {
    init() {}
}
/// An `.objectGraph` instance that holds a `Provider` of its own graph.
private final class ProviderHolder: Sendable {
    let leaves: Provider<Leaf>
    let freed: Freed
    init(leaves: Provider<Leaf>, freed: Freed) {
        self.leaves = leaves
        self.freed = freed
    }
    deinit { freed.counter.increment() }
}
/// An `.objectGraph` instance that holds a `Lazy` of its own graph.
private final class LazyHolder: Sendable {
    let leaf: Lazy<Leaf>
    let freed: Freed
    init(leaf: Lazy<Leaf>, freed: Freed) {
        self.leaf = leaf
        self.freed = freed
    }
    deinit { freed.counter.increment() }
}
/// A graph's `.objectGraph` instance that nothing asks for after the resolve.
private final class Bystander: Sendable {
    let freed: Freed
    init(freed: Freed) { self.freed = freed }
    deinit { freed.counter.increment() }
}
private final class Screen: Sendable {
    let bystander: Bystander
    let leaves: Provider<Leaf>
    init(bystander: Bystander, leaves: Provider<Leaf>) {
        self.bystander = bystander
        self.leaves = leaves
    }
}
/// `A(b: B)`, `B(a: Lazy<A>)`, `A` an `.objectGraph` component, both counted.
private final class CycleOwner: Sendable {
    let part: CyclePart
    let freed: Freed
    init(part: CyclePart, freed: Freed) {
        self.part = part
        self.freed = freed
    }
    deinit { freed.counter.increment() }
}
private final class CyclePart: Sendable {
    let owner: Lazy<CycleOwner>
    let freed: Freed
    init(owner: Lazy<CycleOwner>, freed: Freed) {
        self.owner = owner
        self.freed = freed
    }
    deinit { freed.counter.increment() }
}

/// A component registered as a protocol: its instances are objects in a value box.
private protocol Service: AnyObject, Sendable {}
private final class ServiceImpl: Service {
    init() {}
}
private final class ServiceUser: Sendable {
    let service: any Service
    let services: Provider<any Service>
    init(service: any Service, services: Provider<any Service>) {
        self.service = service
        self.services = services
    }
}

/// What a `Lazy` or `Provider` keeps of its graph: nothing the app let go.
@Suite struct LazyProviderReleaseTests {
    @Test func anObjectGraphInstanceHoldingAProviderIsFreed() throws {
        let freed = Freed()
        let container = DIContainer()
        container.register { freed }
        container.register(Leaf.init)
        container.register(ProviderHolder.init).lifetime(.objectGraph)
        do {
            let holder = try container.resolve(ProviderHolder.self)
            _ = holder.leaves()
        }
        #expect(freed.counter.count == 1)
    }

    @Test func anObjectGraphInstanceHoldingALazyNeverReadIsFreed() throws {
        let freed = Freed()
        let container = DIContainer()
        container.register { freed }
        container.register(Leaf.init)
        container.register(LazyHolder.init).lifetime(.objectGraph)
        do {
            let holder = try container.resolve(LazyHolder.self)
            #expect(!holder.leaf.isResolved)
        }
        #expect(freed.counter.count == 1)
    }

    @Test func aProviderKeepsNoInstanceOfItsGraphAlive() throws {
        let freed = Freed()
        let container = DIContainer()
        container.register { freed }
        container.register(Leaf.init)
        container.register(Bystander.init).lifetime(.objectGraph)
        container.register(Screen.init)
        let leaves = try container.resolve(Screen.self).leaves
        #expect(freed.counter.count == 1)
        _ = leaves()
    }

    @Test func aLazyThatClosesACycleStillWorksAndIsFreedWithItUntilRead() throws {
        let freed = Freed()
        let container = DIContainer()
        container.register { freed }
        container.register(CycleOwner.init).lifetime(.objectGraph)
        container.register(CyclePart.init)
        do {
            let owner = try container.resolve(CycleOwner.self)
            _ = owner.part
        }
        #expect(freed.counter.count == 2)
        // Once read, the Lazy keeps its value: the owner and its part then hold each other,
        // as any strong back reference would.
        let owner = try container.resolve(CycleOwner.self)
        #expect(owner.part.owner.value === owner)
    }

    @Test func anInstanceOfAProtocolTypedComponentIsStillSharedWhileTheAppHoldsIt() throws {
        let container = DIContainer()
        container.register { () -> any Service in ServiceImpl() }.lifetime(.objectGraph)
        container.register(ServiceUser.init)
        let user = try container.resolve(ServiceUser.self)
        #expect(user.services() === user.service)
    }
}
