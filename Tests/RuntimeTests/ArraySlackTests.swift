import Testing

@testable import DICore

@Suite struct ArraySlackTests {
    final class Element: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func trimmingMovesTheElementsInOrderIntoStorageOfTheirCount() {
        var elements: [Element] = []
        elements.reserveCapacity(128)
        for value in 0..<100 { elements.append(Element(value)) }
        let first = elements[0]
        elements.trimSlack()
        #expect(elements.map(\.value) == Array(0..<100))
        #expect(elements.capacity < 128)
        // Moved, not copied: the array and `first` hold the only references.
        #expect(isKnownUniquelyReferenced(&elements[1]))
        #expect(elements[0] === first)
    }

    @Test func anArrayWithLittleSlackIsLeftAsItIs() {
        // The capacity malloc gives depends on the allocator and the heap's state (110 under
        // the thread sanitizer, 113 under load): fill the array to within a tenth of whatever
        // capacity it got, less than the eighth of its count that is trimmed.
        var elements = Array(0..<100)
        elements.reserveCapacity(110)
        let capacity = elements.capacity
        elements.append(contentsOf: 100..<max(100, capacity - capacity / 10))
        let contents = elements
        elements.trimSlack()
        #expect(elements.capacity == capacity)
        #expect(elements == contents)
    }
}
