import Dispatch
import TestSupport
import Testing

@testable import DICore

@Suite struct ProtectedTests {
    /// Random appends and removals under the lock against a plain array.
    @Test func matchesAModel() {
        var generator = SeededGenerator(seed: 7)
        let protected = Protected<[Int]>([])
        var model: [Int] = []
        for _ in 0..<1_000 {
            if Int.random(in: 0..<4, using: &generator) == 0, !model.isEmpty {
                model.removeLast()
                protected.withLock { _ = $0.removeLast() }
            } else {
                let element = Int.random(in: 0..<100, using: &generator)
                model.append(element)
                protected.withLock { $0.append(element) }
            }
            #expect(protected.withLock { $0 } == model)
        }
    }

    @Test func manyThreadsIncrementExactly() {
        let counter = Protected(0)
        let threads = 16
        let increments = 5_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test func withLockRethrowsTypedAndKeepsTheState() {
        struct Failure: Error {}
        let protected = Protected(1)
        var caught = false
        do {
            try protected.withLock { (state: inout Int) throws(Failure) in
                state = 2
                throw Failure()
            }
        } catch {
            caught = true
        }
        #expect(caught)
        #expect(protected.withLock { $0 } == 2)
    }
}
