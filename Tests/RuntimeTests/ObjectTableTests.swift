import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct ObjectTableTests {
    @Test func modelOfStoresAndLookups() {
        var generator = SeededGenerator(seed: 30)
        let life = LifeCount()
        var stores = 0
        do {
            var model: [UInt: UInt] = [:]
            let table = ObjectTable<Counted>(capacity: 4)
            for _ in 0..<3_000 {
                let key = UInt.random(in: 1...500, using: &generator)
                if Bool.random(using: &generator) {
                    let value = UInt.random(in: 0...UInt.max, using: &generator)
                    let kept = table.store(key, Counted(value, life))
                    stores += 1
                    if model[key] == nil { model[key] = value }
                    // A store for a key that has an object answers that one.
                    #expect(kept.value == model[key])
                }
                #expect(table.withObject(for: key) { $0.value } == model[key])
                #expect(table.withObject(for: key) { $0 }?.value == model[key])
            }
            // The first object stored for each key is kept, no other.
            #expect(life.alive == model.count)
        }
        #expect(life.made == stores)
        #expect(life.freed == stores)
    }

    @Test func readersRaceWritersAndEveryObjectIsFreedOnce() {
        let life = LifeCount()
        let keys = 2_000
        do {
            let table = ObjectTable<Counted>(capacity: 2)
            let done = Atomic(0)
            let wrong = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 5) { worker in
                if worker % 2 == 0 && worker < 4 {
                    // Both writers store every key: the first stays, and both writers take it.
                    for key in 1...UInt(keys) {
                        let kept = table.store(key, Counted(key, life))
                        if table.withObject(for: key, { $0 === kept }) != true { wrong.wrappingAdd(1, ordering: .relaxed) }
                    }
                    done.wrappingAdd(1, ordering: .releasing)
                    return
                }
                var generator = SeededGenerator(seed: UInt64(worker))
                // Bounded: `concurrentPerform` may run a reader before the writers (it runs as
                // many iterations at once as there are cores).
                for _ in 0..<100_000 where done.load(ordering: .acquiring) < 2 {
                    let key = UInt.random(in: 1...UInt(keys), using: &generator)
                    if let value = table.withObject(for: key, { $0.value }), value != key {
                        wrong.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
            for key in 1...UInt(keys) { #expect(table.withObject(for: key) { $0 }?.value == key) }
            #expect(life.alive == keys)
        }
        #expect(life.made == 2 * keys)
        #expect(life.freed == 2 * keys)
    }
}
