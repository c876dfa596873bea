import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct ClearableSlotTests {
    /// Random stores, exchanges, clears and keeps against an optional and a clear count.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func matchesAModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let ledger = Ledger(capacity: 400)
        do {
            let slot = ClearableSlot()
            var model: Tracked?
            var clears = 0
            for step in 0..<400 {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    let instance = Tracked(ledger)
                    slot.store(instance)
                    if model == nil { model = instance }
                case 1:
                    let instance = Bool.random(using: &generator) ? Tracked(ledger) : nil
                    let old = slot.exchange(instance)
                    #expect(old?.object === model, "step \(step)")
                    old?.release()
                    model = instance
                case 2:
                    slot.clear()
                    clears += 1
                    model = nil
                case 3:
                    // A keep stamped with a stale or the current generation.
                    let generation = Bool.random(using: &generator) ? clears : clears - 1
                    let instance = Tracked(ledger)
                    slot.store(instance, ifClears: generation)
                    if model == nil && generation == clears { model = instance }
                default:
                    let read = slot.retainedObject()
                    #expect(read?.object === model, "step \(step)")
                    read?.release()
                }
                #expect(slot.object === model, "step \(step)")
                #expect(slot.clears == clears)
            }
            model = nil
        }
        #expect(ledger.freed.load(ordering: .relaxed) == ledger.made.load(ordering: .relaxed))
        #expect(ledger.eachFreedOnce)
    }

    /// Readers read while a writer replaces and clears: a reader never holds a freed instance,
    /// every instance is freed exactly once, and every read is counted.
    @Test func readersNeverSeeAFreedInstance() {
        let readers = 3
        let readsEach = 200_000
        let maximumWrites = 100_000
        let ledger = Ledger(capacity: maximumWrites + 1)
        let freedUnderAReader = Atomic<Int>(0)
        let hits = Atomic<Int>(0)
        let readersDone = Atomic<Int>(0)
        do {
            let slot = ClearableSlot()
            slot.store(Tracked(ledger))
            DispatchQueue.concurrentPerform(iterations: readers + 1) { worker in
                if worker == readers {
                    // The writer runs until every reader is done (or its instances run out).
                    var write = 0
                    while readersDone.load(ordering: .relaxed) < readers && write < maximumWrites {
                        if write % 8 == 0 {
                            slot.clear()
                        } else {
                            slot.exchange(Tracked(ledger))?.release()
                        }
                        write += 1
                    }
                    return
                }
                for _ in 0..<readsEach {
                    guard let read = slot.retainedObject() else { continue }
                    let instance = read.takeRetained() as! Tracked
                    if !instance.isAlive.load(ordering: .sequentiallyConsistent) {
                        freedUnderAReader.wrappingAdd(1, ordering: .relaxed)
                    }
                    hits.wrappingAdd(1, ordering: .relaxed)
                }
                readersDone.wrappingAdd(1, ordering: .relaxed)
            }
            #expect(slot.servedReads == hits.load(ordering: .relaxed))
        }
        #expect(freedUnderAReader.load(ordering: .relaxed) == 0)
        #expect(ledger.freed.load(ordering: .relaxed) == ledger.made.load(ordering: .relaxed))
        #expect(ledger.eachFreedOnce)
    }

    /// `clear()` returns only once the instance is released: after it, no read gets it.
    @Test func aReadAfterClearGetsNothing() {
        let ledger = Ledger(capacity: 1)
        let slot = ClearableSlot()
        slot.store(Tracked(ledger))
        slot.clear()
        #expect(ledger.freed.load(ordering: .relaxed) == 1)
        #expect(slot.retainedObject() == nil)
        #expect(slot.clears == 1)
    }
}
