import Dispatch
import TestSupport
import Testing

@testable import DICore

@Suite struct LockedTests {
    /// The owner a `Locked` lives in, as a container holds its registry.
    private final class Owner: Sendable {
        let counter = Locked(0)

        func increment() { counter.withLock(in: self) { $0 += 1 } }
        var value: Int { counter.withLock(in: self) { $0 } }
    }

    private final class ListOwner: Sendable {
        let list = Locked<[Int]>([])
    }

    /// Random appends and removals under the lock against a plain array.
    @Test func matchesAModel() {
        var generator = SeededGenerator(seed: 11)
        let owner = ListOwner()
        var model: [Int] = []
        for _ in 0..<1_000 {
            if Int.random(in: 0..<4, using: &generator) == 0, !model.isEmpty {
                model.removeLast()
                owner.list.withLock(in: owner) { _ = $0.removeLast() }
            } else {
                let element = Int.random(in: 0..<100, using: &generator)
                model.append(element)
                owner.list.withLock(in: owner) { $0.append(element) }
            }
            #expect(owner.list.withLock(in: owner) { $0 } == model)
        }
    }

    @Test func manyThreadsIncrementExactly() {
        let owner = Owner()
        let threads = 16
        let increments = 5_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments { owner.increment() }
        }
        #expect(owner.value == threads * increments)
    }
}
