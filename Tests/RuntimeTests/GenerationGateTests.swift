import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct GenerationGateTests {
    @Test func aBodyRunsOnlyInItsGeneration() {
        let gate = GenerationGate()
        var runs = 0
        for _ in 0..<100 {
            let generation = gate.current
            gate.ifCurrent(generation) { runs += 1 }
            gate.ifCurrent(generation - 1) { Issue.record("an ended generation ran") }
            gate.advance()
            gate.ifCurrent(generation) { Issue.record("an ended generation ran") }
            #expect(gate.current == generation + 1)
        }
        #expect(runs == 100)
    }

    /// Workers run bodies while one thread advances: once `advance()` returns, no body of the
    /// generation it ended is still running.
    @Test func advanceWaitsOutTheBodiesOfItsGeneration() {
        let gate = GenerationGate()
        let ended = Atomic<Int>(-1)
        let lateBodies = Atomic<Int>(0)
        let bodies = Atomic<Int>(0)
        let workers = 6
        DispatchQueue.concurrentPerform(iterations: workers + 1) { worker in
            if worker == workers {
                for _ in 0..<2_000 {
                    let old = gate.current
                    gate.advance()
                    ended.store(old, ordering: .sequentiallyConsistent)
                }
                return
            }
            for _ in 0..<20_000 {
                let generation = gate.current
                gate.ifCurrent(generation) {
                    bodies.wrappingAdd(1, ordering: .relaxed)
                    // Still in the body: its generation must not be reported ended yet.
                    if ended.load(ordering: .sequentiallyConsistent) >= generation {
                        lateBodies.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(lateBodies.load(ordering: .relaxed) == 0)
        #expect(bodies.load(ordering: .relaxed) > 0)
        #expect(gate.current == 2_000)
    }

    @Test func readersRaceAWriterThatReplacesAndFrees() {
        // The protocol a container's bindings follow: a reader loads the current object and
        // retains it in a body of the gate, reading again if no body ran; the writer publishes
        // a new object, advances the gate, then frees the replaced one.
        let life = LifeCount()
        let readers = GenerationGate()
        let rounds = 2_000
        do {
            let current = Atomic<UInt>(UnsafeObjectWord.retaining(Counted(0, life)).bits)
            let done = Atomic(false)
            let wrong = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 5) { worker in
                if worker == 0 {
                    for round in 1...rounds {
                        let replacement = UnsafeObjectWord.retaining(Counted(UInt(round), life))
                        let old = current.exchange(replacement.bits, ordering: .sequentiallyConsistent)
                        readers.advance()
                        UnsafeObjectWord<Counted>(bits: old).release()
                    }
                    done.store(true, ordering: .releasing)
                    return
                }
                var last: UInt = 0
                // Bounded: `concurrentPerform` may run a reader before the writer (it runs as
                // many iterations at once as there are cores).
                for _ in 0..<100_000 where !done.load(ordering: .acquiring) {
                    var object: UnsafeObjectWord<Counted>?
                    while object == nil {
                        readers.ifCurrent(readers.current) {
                            object = UnsafeObjectWord<Counted>(bits: current.load(ordering: .sequentiallyConsistent)).retain()
                        }
                    }
                    let value = object!.takeRetained().value
                    // Objects are published in order: a reader never goes back.
                    if value < last { wrong.wrappingAdd(1, ordering: .relaxed) }
                    last = value
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
            UnsafeObjectWord<Counted>(bits: current.load(ordering: .relaxed)).release()
        }
        #expect(life.made == rounds + 1)
        #expect(life.freed == rounds + 1)
    }

    @Test func aContainersRegistryKeepsTheBindingGateOffItsHotFields() {
        // `DIContainer` declares its `bindingReaders` first and its registry next: the
        // registry's bytes, written only under its lock, lie between the gate's counters and
        // the fields every resolve reads (`table`, `hasPending`, `isObserved`). Two cache lines
        // at least (a line and the one the hardware may fetch with it) keep them apart.
        #expect(MemoryLayout<Locked<Registry>>.size >= 128)
    }
}
