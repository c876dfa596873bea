import Dispatch
import Synchronization
import Testing

@testable import DICore

@Suite struct AtomicLazyObjectTests {
    /// Counts the objects of one test made and freed.
    private final class Census: Sendable {
        let made = Atomic<Int>(0)
        let freed = Atomic<Int>(0)
    }

    private final class Made: Sendable {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.made.add(1, ordering: .relaxed)
        }
        deinit { census.freed.add(1, ordering: .relaxed) }
    }

    private final class Holder: Sendable {
        let reference = AtomicLazyObject<Made>()
    }

    @Test func makesOnceAndKeepsTheFirst() {
        let census = Census()
        do {
            let holder = Holder()
            #expect(holder.reference.existing == nil)
            let first = holder.reference.object { Made(census) }
            var calls = 0
            for _ in 0..<10 {
                let again = holder.reference.object {
                    calls += 1
                    return Made(census)
                }
                let same = again === first
                #expect(same)
            }
            #expect(calls == 0)
            let existing = holder.reference.existing === first
            #expect(existing)
            #expect(census.made.load(ordering: .relaxed) == 1)
        }
        #expect(census.freed.load(ordering: .relaxed) == 1)
    }

    @Test func threadsAskingAtOnceAllGetOneObjectAndNoneLeaks() {
        let census = Census()
        for _ in 0..<20 {
            let holder = Holder()
            let seen = Protected<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                let object = holder.reference.object { Made(census) }
                seen.withLock { _ = $0.insert(ObjectIdentifier(object)) }
            }
            #expect(seen.withLock { $0.count } == 1)
        }
        // Every object made, the winners and the losers of each race, is freed.
        #expect(census.made.load(ordering: .relaxed) >= 20)
        #expect(census.made.load(ordering: .relaxed) == census.freed.load(ordering: .relaxed))
    }
}
