import TestSupport
import Testing

@testable import DICore

/// `InlineFirstArray.remove(at:)`, which the registry's pending registrations use, against
/// `Array`.
@Suite struct InlineFirstArrayRemovalTests {
    @Test func modelOfAppendsAndRemovals() {
        var generator = SeededGenerator(seed: 35)
        var list = InlineFirstArray<Int>()
        var model: [Int] = []
        for step in 0..<3_000 {
            if !model.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(list.remove(at: index) == model.remove(at: index))
            } else {
                list.append(step)
                model.append(step)
            }
            #expect(Array(list) == model)
            #expect(list.isEmpty == model.isEmpty)
        }
    }
}
