import Testing

@testable import DICore

@Suite struct UnsafeTransferTests {
    /// Not Sendable: a class with mutable state.
    private final class Box {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func aValueCrossesIntoATaskAndBack() async {
        let box = Box(1)
        let transfer = UnsafeTransfer(box)
        // NB: the sender stops using `box` until the task has ended (its end is the edge).
        let result = await Task {
            transfer.value.value += 1
            return transfer
        }.value
        #expect(result.value === box)
        #expect(box.value == 2)
    }

    @Test func itHasTheValueSemanticsOfItsValue() {
        var first = UnsafeTransfer([1, 2])
        let second = first
        first.value.append(3)
        #expect(first.value == [1, 2, 3])
        #expect(second.value == [1, 2])
    }
}
