import TestSupport
import Testing

@testable import DICore

@Suite struct SharedInstancesTests {
    private final class Instance {}

    /// Random sets and reads of a few ids against a dictionary, comparing every step.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func matchesADictionary(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var instances = SharedInstances()
        var model: [Int: Instance] = [:]
        var order: [Int] = []
        for _ in 0..<3_000 {
            let id = Int.random(in: 0..<6, using: &generator)
            if Bool.random(using: &generator) {
                let instance = Instance()
                instances[id] = instance
                if model[id] == nil { order.append(id) }
                model[id] = instance
            }
            let readMatches = instances[id] === model[id]
            #expect(readMatches)
            #expect(instances.isEmpty == model.isEmpty)
            var listed: [(id: Int, object: AnyObject)] = []
            instances.forEach { id, object in listed.append((id, object)) }
            #expect(listed.map(\.id) == order)
            let objectsMatch = listed.allSatisfy { $0.object === model[$0.id] }
            #expect(objectsMatch)
        }
    }

    @Test func settingNilKeepsWhatIsShared() {
        var instances = SharedInstances()
        let instance = Instance()
        instances[4] = instance
        instances[4] = nil
        let kept = instances[4] === instance
        #expect(kept)
    }
}
