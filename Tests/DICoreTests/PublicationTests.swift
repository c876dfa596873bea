import Testing

@testable import DICore

private final class First: Sendable { init() {} }
private final class Second: Sendable { init() {} }
/// A type of its own per `Index`: the large container registers more types than its first
/// table holds.
private final class Numbered<Index>: Sendable { init() {} }
private enum I0 {}
private enum I1 {}
private enum I2 {}
private enum I3 {}
private enum I4 {}
private enum I5 {}
private enum I6 {}
private enum I7 {}

/// When a container publishes what it registered: a small one (a child made per request) all at
/// its first miss, under one lock; a large one only what is resolved.
@Suite struct PublicationTests {
    @Test func aSmallContainersFirstMissPublishesEveryPendingType() throws {
        let container = DIContainer()
        container.register(First.init)
        container.register(Second.init)
        _ = try container.resolve(First.self)
        #expect(!container.withRegistry { $0.hasDirtyKeys })
        let hasPending = container.hasPending.load(ordering: .acquiring)
        #expect(!hasPending)
        #expect(try container.resolve(Second.self) !== container.resolve(Second.self))
    }

    @Test func aLargeContainerPublishesOnlyWhatIsResolved() throws {
        let container = DIContainer()
        container.register(First.init)
        container.register(Second.init)
        container.register(Numbered<I0>.init)
        container.register(Numbered<I1>.init)
        container.register(Numbered<I2>.init)
        container.register(Numbered<I3>.init)
        container.register(Numbered<I4>.init)
        container.register(Numbered<I5>.init)
        container.register(Numbered<I6>.init)
        container.register(Numbered<I7>.init)
        _ = try container.resolve(First.self)
        #expect(container.withRegistry { $0.dirtyCount } == 9)
        _ = try container.resolve(Second.self)
        #expect(container.withRegistry { $0.dirtyCount } == 8)
    }
}
