import Dispatch
import Synchronization
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
}
