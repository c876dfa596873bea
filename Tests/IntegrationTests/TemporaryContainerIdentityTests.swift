import DICore
import DIHierarchy
import DILifetime
import Synchronization
import Testing

/// An instance numbered by the test that made it: compared by number, never by address.
private final class Numbered: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// What the outer factory saw: the number of each temporary child's instance.
private final class Seen: Sendable {
    let numbers: [Int]
    init(numbers: [Int]) { self.numbers = numbers }
}

@Suite struct TemporaryContainerIdentityTests {
    /// A factory that makes a child container, resolves an `.objectGraph` component through it
    /// and drops it, then does the same with a new child: each child is its own point of view,
    /// even when the second reuses the first's memory.
    @Test func eachTemporaryChildGetsItsOwnGraphInstance() throws {
        let made = Atomic(0)
        let root = DIContainer()
        root.register { Numbered(number: made.wrappingAdd(1, ordering: .relaxed).newValue) }
            .lifetime(.objectGraph)
        root.register { (container: DIContainer) -> Seen in
            var numbers: [Int] = []
            for _ in 0..<2 {
                let child = DIContainer(parent: container)
                numbers.append((try? child.resolve(Numbered.self))?.number ?? -1)
            }
            return Seen(numbers: numbers)
        }
        for _ in 0..<50 {
            let seen = try root.resolve(Seen.self)
            #expect(seen.numbers.count == 2)
            #expect(!seen.numbers.contains(-1))
            #expect(seen.numbers[0] != seen.numbers[1])
        }
    }

    /// A `Lazy` made after a temporary child's resolve, and read when a new temporary child
    /// may stand where the first one was, gives the new child a graph of its own.
    @Test func aLazyReadLaterGivesANewTemporaryChildItsOwnGraph() throws {
        let made = Atomic(0)
        let root = DIContainer()
        root.register { Numbered(number: made.wrappingAdd(1, ordering: .relaxed).newValue) }
            .lifetime(.objectGraph)
        // Each makes a temporary child and resolves a `Numbered` through it.
        root.register { (container: DIContainer) -> FirstChild in
            FirstChild(number: (try? DIContainer(parent: container).resolve(Numbered.self))?.number ?? -1)
        }
        root.register { (container: DIContainer) -> LaterChild in
            LaterChild(number: (try? DIContainer(parent: container).resolve(Numbered.self))?.number ?? -1)
        }
        root.register(Holder.init)
        for _ in 0..<50 {
            let holder = try root.resolve(Holder.self)
            let later = try holder.later.resolvedValue()
            #expect(holder.first.number != -1)
            #expect(later.number != -1)
            #expect(holder.first.number != later.number)
        }
    }
}

private final class FirstChild: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class LaterChild: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class Holder: Sendable {
    let first: FirstChild
    let later: Lazy<LaterChild>
    init(first: FirstChild, later: Lazy<LaterChild>) {
        self.first = first
        self.later = later
    }
}
