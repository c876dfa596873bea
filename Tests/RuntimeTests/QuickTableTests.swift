import TestSupport
import Testing

@testable import DICore

@Suite struct QuickTableTests {
    /// A key whose hash collides often, so probing is exercised.
    private struct Key: QuickHashable {
        let value: Int
        var quickHash: UInt { UInt(value % 97) }
    }

    @Test(arguments: [31 as UInt64, 32, 33])
    func modelOfSetsModifiesInsertionsAndLookups(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var table = QuickTable<Key, Int>()
        var model: [Int: Int] = [:]
        var order: [Int] = []
        for step in 0..<4_000 {
            let key = Int.random(in: 0..<(step < 200 ? 12 : 1_500), using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let value = Int.random(in: 0..<1_000, using: &generator)
                table.set(Key(value: key), value)
                if model[key] == nil { order.append(key) }
                model[key] = value
            case 1:
                let result = table.modify(Key(value: key), default: -1) { value -> Int in
                    value += 1
                    return value
                }
                if model[key] == nil { order.append(key) }
                model[key, default: -1] += 1
                #expect(result == model[key])
            case 2:
                #expect(table.position(of: Key(value: key)) == order.firstIndex(of: key))
            case 3:
                let value = Int.random(in: 0..<1_000, using: &generator)
                #expect(table.insertIfAbsent(Key(value: key), value) == model[key])
                if model[key] == nil {
                    order.append(key)
                    model[key] = value
                }
            default:
                #expect(table[Key(value: key)] == model[key], "step \(step)")
            }
            #expect(table.count == model.count)
        }
        var seen: [Int] = []
        for position in 0..<table.count {
            let (key, value) = table.entry(at: position)
            seen.append(key.value)
            #expect(model[key.value] == value)
        }
        #expect(seen == order)
        for (position, key) in order.enumerated() { #expect(table.entry(at: position).key.value == key) }
    }

    @Test func objectIdentifiersAsKeys() {
        var table = QuickTable<ObjectIdentifier, Int>()
        let types: [Any.Type] = [
            Int.self, String.self, Double.self, [Int].self, Bool.self, UInt8.self, Int16.self,
            Int32.self, Int64.self, UInt16.self, UInt32.self, Float.self, Character.self,
        ]
        for (index, type) in types.enumerated() { table.set(ObjectIdentifier(type), index) }
        for (index, type) in types.enumerated() { #expect(table[ObjectIdentifier(type)] == index) }
        #expect(table[ObjectIdentifier(Substring.self)] == nil)
    }
}
