extension Array {
    /// Moves the elements into storage of their count when more than an eighth of it is
    /// unused: for an array that has stopped growing (a later append grows it fourfold again).
    // NB: moved, not copied (a copy retained and released every reference of every element):
    // the old storage, unique once `self` lets go of it, gives up each element as it is popped.
    mutating func trimSlack() {
        guard capacity - count > count / 8 else { return }
        var old = self
        self = []
        let count = old.count
        self = unsafe Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            var index = count
            while let last = old.popLast() {
                index -= 1
                unsafe buffer.initializeElement(at: index, to: last)
            }
            initialized = count
        }
    }
}
