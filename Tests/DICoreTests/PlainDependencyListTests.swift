import TestSupport
import Testing

@testable import DICore

/// A fixed-arity component whose parameters are all types resolved as themselves records them
/// in one list per parameter list for the process: a child container made per request does not
/// allocate its handler's list again.
@Suite struct PlainDependencyListTests {
    final class Left: Sendable { init() {} }
    final class Right: Sendable { init() {} }
    final class Pair: Sendable { init(left: Left, right: Right) {} }
    final class Swapped: Sendable { init(right: Right, left: Left) {} }
    final class Partial: Sendable {
        let left: Left?
        init(left: Left?, right: Right) { self.left = left }
    }

    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(Left.init)
        container.register(Right.init)
        container.register(Pair.init)
        container.register(Swapped.init)
        return container
    }

    /// The recorded initializer dependencies of the component of `type`, resolved once.
    private func dependencies<T>(of type: T.Type, in container: DIContainer) throws -> [Dependency] {
        _ = try container.resolve(T.self)
        let recorded = container.withRegistry { registry in
            registry.registrations.first { $0.type == T.self }?.component?.initializerDependencies
        }
        return try #require(recorded)
    }

    @Test func twoContainersShareTheListOfOneParameterList() throws {
        let (first, second) = (container(), container())
        let listed = try dependencies(of: Pair.self, in: first)
        let again = try dependencies(of: Pair.self, in: second)
        #expect(listed.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Left.self), ObjectIdentifier(Right.self)])
        // Both lists are alive here: one buffer means one list.
        #expect(listed.withUnsafeBufferPointer { $0.baseAddress } == again.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func threadsThatMakeTheFirstListOfAParameterListAtOnceAllTakeTheOneStored() async {
        final class RaceLeft: Sendable {}
        final class RaceRight: Sendable {}
        // No thread leaves `list` before every thread has entered it: all of them miss the table
        // and make a list of their own, and all must answer the one stored first.
        let threads = 4
        let entered = Barrier(parties: threads)
        let buffers = await onThreads(threads) { _ in
            let list = PlainDependencyLists._list(of: (RaceLeft, RaceRight).self) {
                entered.arriveAndWait()
                return [Dependency(_plain: RaceLeft.self), Dependency(_plain: RaceRight.self)]
            }
            return list?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        #expect(Set(buffers).count == 1)
        #expect(buffers.allSatisfy { $0 != nil })
    }

    @Test func theSameTypesInAnotherOrderAreAnotherList() throws {
        let container = container()
        let pair = try dependencies(of: Pair.self, in: container)
        let swapped = try dependencies(of: Swapped.self, in: container)
        #expect(swapped.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Right.self), ObjectIdentifier(Left.self)])
        #expect(pair.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Left.self), ObjectIdentifier(Right.self)])
    }

    @Test func aParameterListWithAWrapperIsResolvedByItsGettersInEveryContainer() throws {
        // The second container finds the answer of the first: not a plain list.
        for _ in 0..<2 {
            let container = DIContainer()
            container.register(Right.init)
            container.register(Partial.init)
            #expect(try container.resolve(Partial.self).left == nil)
            let recorded = try dependencies(of: Partial.self, in: container)
            #expect(recorded.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Left.self), ObjectIdentifier(Right.self)])
        }
    }
}
