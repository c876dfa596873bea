/// An array that grows fourfold when it is full, rather than twofold.
///
/// The arrays a container's registrations fill (its registrations, its tables' keys and
/// values) then grow half as often: each growth is an allocation and a copy.
extension Array {
    /// Appends `element`, growing the storage fourfold (to 8 at least) when it is full.
    mutating func appendGrowingFourfold(_ element: __owned Element) {
        makeRoomGrowingFourfold()
        append(element)
    }

    /// Makes room for one more element, growing the storage fourfold (to 8 at least) when it
    /// is full; for a caller that appends itself (to move a large element in, not copy it).
    mutating func makeRoomGrowingFourfold() {
        if count == capacity { reserveCapacity(Swift.max(8, count * 4)) }
    }
}
