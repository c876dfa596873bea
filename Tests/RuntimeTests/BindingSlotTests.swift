import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import DICore

@Suite struct BindingSlotTests {
    private final class Service: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    @Test func publishCopiesThePrimaryAndMarkStaleDropsIt() {
        let component = AnyCandidate(isComponent: true)
        let slot = BindingSlot(primary: component)
        let entry = TypeEntry(slot: slot)
        #expect(UnsafeObjectWord<AnyCandidate>(nonzero: entry.slotPrimaryBits)?.object === component)
        slot.markStale()
        #expect(slot.isStale)
        #expect(entry.slotPrimaryBits == 0)
        #expect(slot.qualifierIndex == nil)
    }

    @Test func namedReadersRaceRegistrationsThatReplaceBindings() throws {
        // Each registration of the type marks its slot stale; each named read publishes a new
        // binding and frees the old one once the container's gate has seen every reader of it end.
        let container = DIContainer()
        container.register { Service(number: 0) }.named("first")
        container.register { Service(number: 1) }.named("second")
        #expect(try container.resolve(Service.self, name: "first").number == 0)
        let added = 300
        let done = Atomic(false)
        let wrong = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for n in 0..<added { container.register { Service(number: 2 + n) }.named("added\(n)") }
                done.store(true, ordering: .releasing)
                return
            }
            var generator = SeededGenerator(seed: UInt64(worker))
            // Bounded: `concurrentPerform` may run a reader before the writer (it runs as many
            // iterations at once as there are cores).
            for _ in 0..<20_000 where !done.load(ordering: .acquiring) {
                let named = Bool.random(using: &generator) ? "first" : "second"
                let number = (try? container.resolve(Service.self, name: named))?.number
                if number != (named == "first" ? 0 : 1) { wrong.wrappingAdd(1, ordering: .relaxed) }
                _ = try? container.resolveAll(Service.self)
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(try container.resolve(Service.self, name: "added\(added - 1)").number == added + 1)
        #expect(try container.resolveAll(Service.self).count == added + 2)
        // Returns only once no reader is in a body of the gate: none was left counted in.
        container.bindingReaders.advance()
        #expect(container.bindingReaders.current > 0)
    }
}
