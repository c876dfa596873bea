import DICore
import DILifetime
import Testing

/// `A(b: B)`, `B(a: Lazy<A>)`, `A` an `.objectGraph` component: the README's cycle.
private final class Owner: Sendable {
    let part: Part
    init(part: Part) { self.part = part }
}
private final class Part: Sendable {
    let owner: Lazy<Owner>
    let owners: Provider<Owner>
    init(owner: Lazy<Owner>, owners: Provider<Owner>) {
        self.owner = owner
        self.owners = owners
    }
}
/// A component whose factory reads another graph's `Lazy` and `Provider` while it has an
/// `Owner` of its own in its graph.
private final class Probe: Sendable {
    let own: Owner
    let lazyRead: Owner
    let providerRead: Owner
    init(own: Owner, lazyRead: Owner, providerRead: Owner) {
        self.own = own
        self.lazyRead = lazyRead
        self.providerRead = providerRead
    }
}
private final class Missing: Sendable { init() {} }

/// `Hub(shared: Shared, reader: Reader)`, `Reader(spoke: Lazy<Spoke>)` reading its `Lazy` in
/// its initializer, `Spoke(shared: Shared)`, `Shared` an `.objectGraph` component.
private final class Shared: Sendable { init() {} }
private final class Spoke: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}
private final class Reader: Sendable {
    let spoke: Spoke
    init(spoke: Lazy<Spoke>) { self.spoke = spoke.value }
}
private final class Hub: Sendable {
    let shared: Shared
    let reader: Reader
    init(shared: Shared, reader: Reader) {
        self.shared = shared
        self.reader = reader
    }
}

/// A `Lazy` or `Provider` resolves within the graph that made it, wherever it is read.
@Suite struct LazyProviderOwnGraphTests {
    @Test func aReadInsideAnotherResolveSeesItsOwnGraph() throws {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.objectGraph)
        container.register(Part.init)
        let first = try container.resolve(Owner.self)
        container.register { (own: Owner) in
            Probe(own: own, lazyRead: first.part.owner.value, providerRead: first.part.owners())
        }
        let probe = try container.resolve(Probe.self)
        #expect(probe.lazyRead === first)
        #expect(probe.providerRead === first)
        #expect(probe.own !== first)
        // What the Lazy read inside the factory is what it keeps.
        #expect(first.part.owner.value === first)
    }

    @Test func aReadInsideAnotherResolveKeepsThatResolvesPathForErrors() throws {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.objectGraph)
        container.register(Part.init)
        let lazy = try container.resolve(Lazy<Missing>.self)
        container.register { () throws -> Probe in
            _ = try lazy.resolvedValue()
            let owner = try container.resolve(Owner.self)
            return Probe(own: owner, lazyRead: owner, providerRead: owner)
        }
        let error = try #require(throws: DIError.self) { try container.resolve(Probe.self) }
        #expect(error.code == .notRegistered)
        #expect(error.path.map { String(describing: $0.type) }.contains("Probe"))
    }

    @Test func aReadInsideTheResolveThatMadeItSharesThatResolvesGraph() throws {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register(Spoke.init)
        container.register(Reader.init)
        container.register(Hub.init)
        let hub = try container.resolve(Hub.self)
        #expect(hub.reader.spoke.shared === hub.shared)
    }
}
