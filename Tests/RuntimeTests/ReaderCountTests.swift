import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct ReaderCountTests {
    @Test func modelOfEntersAndLeaves() {
        var generator = SeededGenerator(seed: 28)
        let count = ReaderCount()
        var model = 0
        for _ in 0..<2_000 {
            if model > 0 && Bool.random(using: &generator) {
                count.leave()
                model -= 1
            } else {
                count.enter()
                model += 1
            }
            let isZero = count.isZero
            #expect(isZero == (model == 0))
        }
    }

    @Test func readersRaceAWriterThatReplacesAndFrees() {
        // The protocol a slot and its registry follow: a reader counts itself in, loads the
        // current object and retains it, then counts itself out; the writer publishes a new
        // object and frees the replaced ones once it sees no reader counted in.
        let life = LifeCount()
        let readers = ReaderCount()
        let rounds = 2_000
        do {
            let current = Atomic<UInt>(UnsafeObjectWord.retaining(Counted(0, life)).bits)
            let done = Atomic(false)
            let wrong = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 5) { worker in
                if worker == 0 {
                    var retired: [UnsafeObjectWord<Counted>] = []
                    for round in 1...rounds {
                        let replacement = UnsafeObjectWord.retaining(Counted(UInt(round), life))
                        let old = current.exchange(replacement.bits, ordering: .sequentiallyConsistent)
                        retired.append(UnsafeObjectWord(bits: old))
                        if readers.isZero {
                            for word in retired { word.release() }
                            retired.removeAll()
                        }
                    }
                    done.store(true, ordering: .releasing)
                    // A reader counted in after a load that sees zero reads the current object.
                    while !readers.isZero {}
                    for word in retired { word.release() }
                    return
                }
                var last: UInt = 0
                // Bounded: `concurrentPerform` may run a reader before the writer (it runs as
                // many iterations at once as there are cores).
                for _ in 0..<100_000 where !done.load(ordering: .acquiring) {
                    readers.enter()
                    let object = UnsafeObjectWord<Counted>(bits: current.load(ordering: .sequentiallyConsistent)).retain()
                    readers.leave()
                    let value = object.takeRetained().value
                    // Objects are published in order: a reader never goes back.
                    if value < last { wrong.wrappingAdd(1, ordering: .relaxed) }
                    last = value
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
            let isZero = readers.isZero
            #expect(isZero)
            UnsafeObjectWord<Counted>(bits: current.load(ordering: .relaxed)).release()
        }
        #expect(life.made == rounds + 1)
        #expect(life.freed == rounds + 1)
    }

    @Test func aContainersRegistryKeepsTheCountOffItsHotFields() {
        // `DIContainer` declares its `bindingReaders` first and its registry next: the
        // registry's bytes, written only under its lock, lie between the count and the fields
        // every resolve reads (`table`, `hasPending`, `isObserved`). Two cache lines at least
        // (a line and the one the hardware may fetch with it) keep them apart.
        #expect(MemoryLayout<ReaderCount>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<Locked<Registry>>.size >= 128)
    }

    @Test func manyTasksCountInAndOut() async {
        let holder = Holder()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<5_000 {
                        holder.count.enter()
                        holder.count.leave()
                    }
                }
            }
        }
        let isZero = holder.count.isZero
        #expect(isZero)
    }

    /// A count shared by tasks, as a container holds one.
    private final class Holder: Sendable {
        let count = ReaderCount()
    }
}
