import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct WordTableTests {
    @Test func modelOfStoresAndLookupsThroughGrowth() {
        var generator = SeededGenerator(seed: 29)
        var model: [UInt: UInt] = [:]
        let table = WordTable(capacity: 4)
        for step in 0..<5_000 {
            let key = UInt.random(in: 1...2_000, using: &generator) &* 16
            if Bool.random(using: &generator) {
                let word = UInt.random(in: 1...UInt.max, using: &generator)
                table.store(key, word)
                // The first word stored for a key stays.
                if model[key] == nil { model[key] = word }
            }
            #expect(table.word(for: key) == (model[key] ?? 0), "step \(step)")
        }
        for (key, word) in model { #expect(table.word(for: key) == word) }
    }

    @Test func readersRaceWritersThroughGrowth() {
        let table = WordTable(capacity: 2)
        let perWriter = 1_500
        let writers = 2
        let done = Atomic(0)
        let wrong = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: writers + 3) { worker in
            if worker % 2 == 0 && worker < 2 * writers {
                for n in 0..<perWriter {
                    let key = UInt(n * writers + worker / 2 + 1)
                    table.store(key, key &* 3)
                }
                done.wrappingAdd(1, ordering: .releasing)
                return
            }
            var generator = SeededGenerator(seed: UInt64(worker))
            // Bounded: `concurrentPerform` may run a reader before the writers (it runs as many
            // iterations at once as there are cores).
            for _ in 0..<100_000 where done.load(ordering: .acquiring) < writers {
                let key = UInt.random(in: 1...UInt(perWriter * writers), using: &generator)
                let word = table.word(for: key)
                if word != 0 && word != key &* 3 { wrong.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        for key in 1...UInt(perWriter * writers) { #expect(table.word(for: key) == key &* 3) }
    }
}
