/// A key a ``QuickTable`` hashes with one multiplication.
///
/// Its keys are addresses and small integers, already well spread: a seeded SipHash (what
/// `Dictionary` runs, about a hundred instructions a key) buys nothing for them.
protocol QuickHashable: Equatable {
    /// The key as a word; equal keys give equal words.
    var quickHash: UInt { get }
}

extension ObjectIdentifier: QuickHashable {
    var quickHash: UInt { UInt(bitPattern: self) }
}

/// An insert-only hash table for the registration path: keys with their values in insertion order,
/// and an index of 32-bit positions probed linearly, with a multiplicative hash; the index
/// is kept at most half full (four bytes a bucket: cheap room for short probes), and made
/// only once the table holds more than a few keys.
///
/// Registering a component hashes its type and its site a few times; with `Dictionary`, the
/// hashing, and the rehashing as the container grew, were a sixth of a registration's cost.
/// Growing this table rebuilds only the index, an array of integers: fourfold up to 128
/// buckets (few rebuilds while a container is small), then twofold (fourfold all the way, a
/// container of 100 types kept 2 KB of index for them, not 1). The entries grow fourfold.
struct QuickTable<Key: QuickHashable, Value> {
    /// The keys and their values, in insertion order: one array, so a table's first key is
    /// one allocation (two arrays were two, for every child container).
    private var entries: ContiguousArray<Entry> = []
    /// Each bucket holds a position in `entries` plus one, or 0 when empty; a power of two long.
    private var buckets: ContiguousArray<Int32> = []
    /// How far the product of a hash and the multiplier is shifted: the word's width minus
    /// log2(bucket count).
    private var shift = UInt.bitWidth

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
    mutating func modify<Result>(
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
    mutating func set(_ key: Key, _ value: Value) {
        let (position, bucket) = find(key)
        if let position {
            entries[position].value = value
        } else {
            append(key, value, at: bucket)
        }
    }

    /// Where `key` is in insertion order, if the table has it.
    func position(of key: Key) -> Int? { find(key).position }

    /// The key and value at `position` in insertion order.
    func entry(at position: Int) -> (key: Key, value: Value) { (entries[position].key, entries[position].value) }

    /// Calls `body` with every key and its value, in insertion order.
    func forEach(_ body: (Key, Value) -> Void) {
        for entry in entries { body(entry.key, entry.value) }
    }

    /// The position of `key` if the table has it, and else its empty bucket (-1: no index yet).
    ///
    /// The index is never more than half full, so a probe always ends, after two or three
    /// buckets on average for a key it does not hold.
    @inline(__always)
    private func find(_ key: Key) -> (position: Int?, bucket: Int) {
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

    /// Fibonacci hashing: the high bits of the product mix every bit of the key.
    @inline(__always)
    private func homeBucket(of key: Key) -> Int {
        Int(truncatingIfNeeded: (key.quickHash &* Self.multiplier) >> UInt(shift))
    }

    /// 2^w divided by the golden ratio, odd: consecutive keys land far apart.
    private static var multiplier: UInt { UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64) }

    private mutating func append(_ key: Key, _ value: Value, at bucket: Int) {
        entries.appendGrowingFourfold(Entry(key: key, value: value))
        if bucket >= 0 && entries.count * 2 <= buckets.count {
            buckets[bucket] = Int32(entries.count)
        } else if entries.count > Self.unindexedCount {
            rebuildIndex()
        }
    }

    /// How many keys a table holds before it makes its index: a container of a few
    /// registrations (a child container per request) then allocates no index at all.
    private static var unindexedCount: Int { 8 }

    /// Makes the index large enough for the keys and fills it again.
    private mutating func rebuildIndex() {
        var size = Swift.max(8, buckets.count)
        while entries.count * 2 > size { size *= size < 128 ? 4 : 2 }
        buckets = ContiguousArray(repeating: 0, count: size)
        shift = UInt.bitWidth - size.trailingZeroBitCount
        let mask = size - 1
        for position in entries.indices {
            var bucket = homeBucket(of: entries[position].key)
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position + 1)
        }
    }
}
