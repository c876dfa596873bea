import Testing

@testable import DICore

@Suite struct UnsafeObjectWordTests {
    @Test func aRetainingWordKeepsItsObjectUntilReleased() {
        let ledger = Ledger(capacity: 1)
        var word: UnsafeObjectWord<Tracked>?
        do {
            word = .retaining(Tracked(ledger))
        }
        #expect(ledger.freed.load(ordering: .relaxed) == 0)
        word?.release()
        #expect(ledger.freed.load(ordering: .relaxed) == 1)
        #expect(ledger.eachFreedOnce)
    }

    @Test func retainAndReleaseBalance() {
        let ledger = Ledger(capacity: 1)
        let word = UnsafeObjectWord<Tracked>.retaining(Tracked(ledger))
        for _ in 0..<10 { word.retain() }
        for _ in 0..<10 { word.release() }
        #expect(ledger.freed.load(ordering: .relaxed) == 0)
        // The reference the word owned, taken over and dropped.
        _ = word.takeRetained()
        #expect(ledger.freed.load(ordering: .relaxed) == 1)
        #expect(ledger.eachFreedOnce)
    }

    @Test func anUnretainedWordDoesNotKeepItsObject() {
        let ledger = Ledger(capacity: 1)
        var object: Tracked? = Tracked(ledger)
        weak let weakObject = object
        let word = UnsafeObjectWord(unretained: object!)
        #expect(word.object === object)
        object = nil
        #expect(weakObject == nil)
        #expect(ledger.freed.load(ordering: .relaxed) == 1)
    }

    @Test func withObjectLendsTheObjectAndRethrows() {
        let ledger = Ledger(capacity: 1)
        var object: Tracked? = Tracked(ledger)
        let word = UnsafeObjectWord(unretained: object!)
        let id = word.withObject { lent in
            #expect(lent === object)
            return lent.id
        }
        #expect(id == 0)
        struct Stop: Error {}
        var caught = false
        do { try word.withObject { _ in throw Stop() } } catch { caught = true }
        #expect(caught)
        // The lend took no reference the word would have to give back.
        object = nil
        #expect(ledger.freed.load(ordering: .relaxed) == 1)
    }

    @Test func bitsRoundTripAndCast() {
        let object = Tracked(Ledger(capacity: 1))
        let word = UnsafeObjectWord(unretained: object)
        #expect(word.bits != 0)
        let fromBits = UnsafeObjectWord<Tracked>(bits: word.bits).object
        #expect(fromBits === object)
        let none = UnsafeObjectWord<Tracked>(nonzero: 0)
        #expect(none == nil)
        let some = UnsafeObjectWord<Tracked>(nonzero: word.bits)
        #expect(some?.bits == word.bits)
        let erased: AnyObject = UnsafeObjectWord<AnyObject>(bits: word.bits).object
        #expect(ObjectIdentifier(erased) == ObjectIdentifier(object))
    }
}
