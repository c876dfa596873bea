import TestSupport
import Testing

@testable import DICore

/// The registry's pending registrations (one kept inline, the others in an array) against
/// `Array`: appends, and removals by id in any order.
@Suite struct PendingRegistrationsTests {
    @Test func modelOfAppendsAndRemovals() {
        var generator = SeededGenerator(seed: 35)
        var pending = Registry.PendingRegistrations()
        var model: [Int] = []
        let site = DIRegistrationSite.intern(file: #fileID, line: #line, column: #column)
        for step in 0..<3_000 {
            if !model.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
                let index = Int.random(in: 0..<model.count, using: &generator)
                pending.remove(id: model.remove(at: index))
            } else {
                pending.append(Registry.PendingRegistration(id: step, type: Int.self, site: site))
                model.append(step)
            }
            #expect(pending.all.map(\.id) == model)
            #expect(pending.contains(type: Int.self) == !model.isEmpty)
        }
    }
}
