import TestSupport
import Testing

@testable import DICore

@Suite struct InlineFirstArrayTests {
    /// Random appends and removals against `Array`, compared after every step.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func matchesArray(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var list = InlineFirstArray<Int>()
        var model: [Int] = []
        for step in 0..<2_000 {
            switch Int.random(in: 0..<20, using: &generator) {
            case 0:
                list.removeAll()
                model.removeAll()
            default:
                let element = Int.random(in: -1_000...1_000, using: &generator)
                list.append(element)
                model.append(element)
            }
            #expect(list.count == model.count, "step \(step)")
            #expect(list.isEmpty == model.isEmpty)
            #expect(Array(list) == model, "step \(step)")
            #expect(list.underestimatedCount == model.count)
            if !model.isEmpty {
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(list[index] == model[index])
            }
        }
    }

    @Test func oneElementUsesNoArray() {
        var list = InlineFirstArray(7)
        #expect(list.count == 1)
        #expect(list.rest.isEmpty)
        list.append(8)
        #expect(Array(list) == [7, 8])
    }
}
