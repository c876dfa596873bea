/// An insert-only hash table for the registration path: keys with their values in insertion
/// order, and an index of 32-bit positions probed linearly, homed by ``FibonacciHash``.
///
/// The index is kept at most half full, and made only once the table holds more than a few
/// keys (a small table compares its keys in turn). Growing rebuilds only the index: fourfold
/// up to 128 buckets, then twofold. The entries grow fourfold.
///
/// Contract: a value type, not thread-safe (its owner locks it); keys are never removed.
///
/// Guarded by `QuickTableTests` (a model test against `Dictionary`).
struct QuickTable<Key: QuickHashable, Value> {
    /// The keys and their values, in insertion order: one array, so a table's first key is
    /// one allocation.
    private var entries: [Entry] = []
    /// Each bucket holds a position in `entries` plus one, or 0 when empty; a power of two long.
    private var buckets: ContiguousArray<Int32> = []
    /// The word's width minus log2 of the bucket count.
    private var shift = UInt(UInt.bitWidth)

    /// A key and its value.
    private struct Entry {
        let key: Key
        var value: Value
    }

    init() {}

    /// How many keys the table holds.
    var count: Int { entries.count }

    /// The value of `key`, if the table has it.
    subscript(key: Key) -> Value? {
        guard let position = find(key).position else { return nil }
        return entries[position].value
    }

    /// Runs `body` on the value of `key` in place, adding `make()` first if the key is new.
    // NB: always inlined, so that `make` and `body` are compiled into the caller, not called
    // through closure contexts.
    @inline(__always) mutating func modify<Result>(
        _ key: Key,
        default make: @autoclosure () -> Value,
        _ body: (inout Value) -> Result
    ) -> Result {
        let (position, bucket) = find(key)
        if let position { return body(&entries[position].value) }
        var value = make()
        let result = body(&value)
        append(key, value, at: bucket)
        return result
    }

    /// Sets the value of `key`, adding the key if it is new.
    mutating func set(_ key: Key, _ value: Value) { modify(key, default: value) { $0 = value } }

    /// Sets the value of the key at `position` in insertion order (``entry(at:)``'s): no probe.
    mutating func setValue(_ value: Value, at position: Int) { entries[position].value = value }

    /// Gives back the entries' unused storage (see ``Swift/Array/trimSlack()``).
    mutating func trimSlack() { entries.trimSlack() }

    /// The value of `key`, or `nil` after adding `value` for it if the table has no such key.
    ///
    /// One probe.
    mutating func insertIfAbsent(_ key: Key, _ value: Value) -> Value? {
        let (position, bucket) = find(key)
        if let position { return entries[position].value }
        append(key, value, at: bucket)
        return nil
    }

    /// Where `key` is in insertion order, if the table has it.
    func position(of key: Key) -> Int? { find(key).position }

    /// The key and value at `position` in insertion order.
    func entry(at position: Int) -> (key: Key, value: Value) { (entries[position].key, entries[position].value) }

    /// The position of `key` if the table has it, and else its empty bucket (-1: no index yet).
    ///
    /// The index is never more than half full, so a probe always ends, after two or three
    /// buckets on average for a key it does not hold.
    @inline(__always) private func find(_ key: Key) -> (position: Int?, bucket: Int) {
        guard !buckets.isEmpty else {
            // A small table has no index: its few keys are compared in turn.
            for position in entries.indices where entries[position].key == key { return (position, -1) }
            return (nil, -1)
        }
        let mask = buckets.count - 1
        var bucket = homeBucket(of: key)
        while case let stored = Int(buckets[bucket]), stored != 0 {
            if entries[stored - 1].key == key { return (stored - 1, bucket) }
            bucket = (bucket + 1) & mask
        }
        return (nil, bucket)
    }

    @inline(__always) private func homeBucket(of key: Key) -> Int {
        FibonacciHash.bucket(of: key.quickHash, shift: shift, mask: buckets.count &- 1)
    }

    private mutating func append(_ key: Key, _ value: Value, at bucket: Int) {
        entries.appendGrowingFourfold(Entry(key: key, value: value))
        if bucket >= 0 && entries.count * 2 <= buckets.count {
            buckets[bucket] = Int32(entries.count)
        } else if entries.count > Self.unindexedCount {
            rebuildIndex()
        }
        #if DI_CHECK_INVARIANTS
            // Whole at each power of two (linear in all), else the key added.
            if entries.count & (entries.count - 1) == 0 { _checkInvariants() }
            precondition(find(key).position == entries.count - 1, "an added key not found")
        #endif
    }

    /// How many keys a table holds before it makes its index: a container of a few
    /// registrations (a child container per request) then allocates no index at all.
    private static var unindexedCount: Int { 8 }

    /// Makes the index large enough for the keys and fills it again.
    private mutating func rebuildIndex() {
        var size = Swift.max(8, buckets.count)
        while entries.count * 2 > size { size *= size < 128 ? 4 : 2 }
        buckets = ContiguousArray(repeating: 0, count: size)
        shift = UInt(UInt.bitWidth - size.trailingZeroBitCount)
        let mask = size - 1
        for position in entries.indices {
            var bucket = homeBucket(of: entries[position].key)
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position + 1)
        }
    }

    #if DI_CHECK_INVARIANTS
        /// Checks that the index, once made, is at most half full, holds each position once,
        /// and finds each key by a probe from its home bucket.
        func _checkInvariants() {
            guard !buckets.isEmpty else {
                precondition(entries.count <= Self.unindexedCount, "a large table without an index")
                return
            }
            precondition(entries.count * 2 <= buckets.count, "the index more than half full")
            precondition(shift == UInt(UInt.bitWidth - buckets.count.trailingZeroBitCount), "the shift is not the index's")
            precondition(buckets.count(where: { $0 != 0 }) == entries.count, "the index and the entries differ")
            for position in entries.indices {
                precondition(find(entries[position].key).position == position, "a key the index does not find")
            }
        }
    #endif
}
