import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct BindingTableTests {
    /// A nonzero key shaped like an aligned address.
    private static func key(_ n: UInt) -> UInt { 0x1000 &+ n << 4 }

    @Test func modelOfInsertsReplacesAndLookupsThroughGrowth() {
        var generator = SeededGenerator(seed: 26)
        var model: [UInt: UInt] = [:]
        var table = BindingTable(capacity: 8)
        var retired: [BindingTable] = []
        for step in 0..<4_000 {
            let key = Self.key(UInt.random(in: 0..<600, using: &generator))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let value = UInt.random(in: 1...UInt.max, using: &generator)
                if model[key] == nil && !table.hasRoom {
                    let larger = BindingTable(capacity: table.capacity * 2)
                    for (key, value) in model { larger.store(bits: key, word: value) }
                    retired.append(table)
                    table = larger
                }
                table.store(bits: key, word: value)
                model[key] = value
            case 1:
                if let value = model[key] {
                    let replacement = value &+ 1 == 0 ? 1 : value &+ 1
                    table.store(bits: key, word: replacement)
                    model[key] = replacement
                }
            default:
                #expect(table.lookupWord(bits: key) == (model[key] ?? 0), "step \(step)")
            }
            #expect(table.count == model.count)
            #expect(table.count * 2 <= table.capacity)
        }
        for (key, value) in model { #expect(table.lookupWord(bits: key) == value) }
        // An outgrown table still answers what it held when it was replaced.
        #expect(!retired.isEmpty)
    }

    @Test func theTablesBucketIsFibonacciHashsBucket() {
        var generator = SeededGenerator(seed: 34)
        for bitCount in 0...24 {
            let shift = UInt(UInt.bitWidth - bitCount)
            let mask = (1 << bitCount) - 1
            for _ in 0..<200 {
                let key = UInt.random(in: 1...UInt.max, using: &generator)
                #expect(
                    FibonacciHash.bucket(of: key, shift: shift, mask: mask)
                        == Int(truncatingIfNeeded: FibonacciHash.mix(key) >> UInt(UInt.bitWidth - bitCount)))
            }
        }
    }

    @Test func theEmptyTableFindsNothingAndHasNoRoom() {
        #expect(BindingTable.empty.lookupWord(bits: Self.key(1)) == 0)
        #expect(!BindingTable.empty.hasRoom)
    }

    @Test func replaceChangesOnlyKeysTheTableHas() {
        let table = BindingTable(capacity: 8)
        let present = ObjectIdentifier(Int.self)
        let absent = ObjectIdentifier(String.self)
        table.store(bits: UInt(bitPattern: present), word: 5)
        table.replace(present, word: 7)
        table.replace(absent, word: 9)
        #expect(table.lookupWord(bits: UInt(bitPattern: present)) == 7)
        #expect(table.lookupWord(bits: UInt(bitPattern: absent)) == 0)
        #expect(table.count == 1)
    }

    @Test func slotsAreKeptUntilTheTableGoesOrHandsThemOver() {
        let life = LifeCount()
        do {
            // Two words a type, its slot key and its own: eight in sixteen buckets, half full.
            let small = BindingTable(capacity: 16)
            let keys = (0..<4).map { Self.key(UInt($0)) }
            for key in keys {
                let slot = CountedSlot(life)
                small.keep(slot, for: ObjectIdentifier(fakeKey: key))
                // The type's own word points at the slot and keeps nothing.
                small.store(ObjectIdentifier(fakeKey: key), TypeEntry(slot: slot))
            }
            // The table alone keeps them.
            #expect(life.alive == 4)
            let larger = BindingTable(capacity: 32)
            small.handOverSlots(to: larger)
            for key in keys {
                let slotKey = BindingTable.slotKey(ObjectIdentifier(fakeKey: key))
                #expect(TypeEntry(word: larger.lookupWord(bits: slotKey)).slot != nil)
                #expect(small.lookupWord(bits: slotKey) == larger.lookupWord(bits: slotKey))
                #expect(larger.entry(for: ObjectIdentifier(fakeKey: key)).bits == larger.lookupWord(bits: slotKey))
            }
            _ = consume small
            // The smaller table gave its references over: none freed with it.
            #expect(life.alive == 4)
            _ = consume larger
        }
        #expect(life.made == 4)
        #expect(life.freed == 4)
    }

    @Test func readersRaceAWriterThatInsertsAndGrows() {
        // The writer grows by replacing the table, as a container does, keeping the outgrown
        // ones; readers probe whichever table they loaded.
        let total = 3_000
        let life = LifeCount()
        let objects = (0..<total).map { Counted(UInt($0) + 1, life) }
        let first = BindingTable(capacity: 8)
        let tables = Protected<[BindingTable]>([first])
        let current = Atomic<UInt>(UnsafeObjectWord(unretained: first).bits)
        let done = Atomic(false)
        let wrong = Atomic(0)
        let readers = 4
        DispatchQueue.concurrentPerform(iterations: readers + 1) { worker in
            if worker == 0 {
                var stored: [(UInt, UInt)] = []
                for n in 0..<total {
                    let key = Self.key(UInt(n))
                    let value = UnsafeObjectWord(unretained: objects[n]).bits
                    tables.withLock { tables in
                        var table = tables.last!
                        if !table.hasRoom {
                            let larger = BindingTable(capacity: table.capacity * 2)
                            for (key, value) in stored { larger.store(bits: key, word: value) }
                            tables.append(larger)
                            table = larger
                        }
                        table.store(bits: key, word: value)
                        current.store(UnsafeObjectWord(unretained: table).bits, ordering: .releasing)
                    }
                    stored.append((key, value))
                }
                done.store(true, ordering: .releasing)
                return
            }
            var generator = SeededGenerator(seed: UInt64(worker))
            // Bounded: `concurrentPerform` may run a reader before the writer (it runs as many
            // iterations at once as there are cores).
            for _ in 0..<200_000 where !done.load(ordering: .acquiring) {
                let n = Int.random(in: 0..<total, using: &generator)
                let table = UnsafeObjectWord<BindingTable>(bits: current.load(ordering: .acquiring))
                let word = table.withObject { $0.lookupWord(bits: Self.key(UInt(n))) }
                // A word found is the object stored for the key, intact.
                if let found = UnsafeObjectWord<Counted>(nonzero: word), found.withObject({ $0.value }) != UInt(n) + 1 {
                    wrong.wrappingAdd(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        let last = tables.withLock { $0.last! }
        for n in 0..<total {
            #expect(last.lookupWord(bits: Self.key(UInt(n))) == UnsafeObjectWord(unretained: objects[n]).bits)
        }
        // The table keeps no plain word's object: they are alive because `objects` holds them
        // (kept to here: an optimized build may end its lifetime after its last use above).
        withExtendedLifetime(objects) { #expect(life.alive == total) }
    }
}

/// A slot whose freeing is counted.
// NB: @unchecked as its superclass: one immutable `let` more, itself Sendable.
final class CountedSlot: BindingSlot, @unchecked Sendable {
    private let life: LifeCount

    init(_ life: LifeCount) {
        self.life = life
        life.didMake()
        super.init(primary: nil)
    }

    deinit { life.didFree() }
}

extension ObjectIdentifier {
    /// The identifier whose bits are `bits`, for table tests that need many distinct keys.
    init(fakeKey bits: UInt) {
        self = UnsafeCast.reinterpret(bits, as: ObjectIdentifier.self)
    }
}
