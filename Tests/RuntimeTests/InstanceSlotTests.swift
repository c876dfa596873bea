import Dispatch
import TestSupport
import Testing

@testable import DICore

@Suite struct InstanceSlotTests {
    /// Random stores and reads against an optional: the first stored stays.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func matchesAModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let ledger = Ledger(capacity: 200)
        do {
            let slot = InstanceSlot()
            var model: Tracked?
            for _ in 0..<200 {
                if Bool.random(using: &generator) {
                    let instance = Tracked(ledger)
                    slot.store(instance)
                    if model == nil { model = instance }
                }
                #expect(slot.object === model)
                #expect(slot.storedObject?.object === model)
            }
        }
        #expect(ledger.freed.load(ordering: .relaxed) == ledger.made.load(ordering: .relaxed))
        #expect(ledger.eachFreedOnce)
    }

    /// Many threads store at once: one instance is kept, every loser is freed, and the kept one
    /// goes with the slot.
    @Test func racingStoresKeepOneAndFreeTheRest() {
        let threads = 64
        let ledger = Ledger(capacity: threads * 4)
        for _ in 0..<4 {
            let slot = InstanceSlot()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                slot.store(Tracked(ledger))
                #expect(slot.object != nil)
            }
            let kept = slot.object as? Tracked
            #expect(kept?.isAlive.load(ordering: .relaxed) == true)
            #expect(ledger.made.load(ordering: .relaxed) - ledger.freed.load(ordering: .relaxed) == 1)
        }
        #expect(ledger.freed.load(ordering: .relaxed) == threads * 4)
        #expect(ledger.eachFreedOnce)
    }
}
