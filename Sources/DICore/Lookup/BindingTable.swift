import Synchronization

/// An insert-only hash table from a type to a word, read without locks: in a container, the
/// type's ``TypeEntry``.
///
/// Writers hold their owner's lock (the container's registry lock); readers take none. An
/// entry's value is stored before its key, both with release ordering, so a reader that sees
/// a key sees its value. An outgrown table is kept alive by its owner (the registry, for the
/// container's life; the tables retired so are smaller than the current one, together), so a
/// reader holding a stale table pointer still reads valid memory. A container's entry changes
/// at most once, from a type's lone candidate to its slot (a new binding is published through
/// the slot), and then in the outgrown tables too (``replace(_:word:)``). Keys are type
/// identities; there are no deletions. ``WordTable`` is the same table with its own lock, for
/// process-wide answers.
// NB: @unchecked: the slots are atomics; `count` and `ownsSlots` are touched only under the
// owner's lock (and in `deinit`, when no one else holds the table).
@usableFromInline
final class BindingTable: @unchecked Sendable {
    @usableFromInline
    let slots: UnsafeMutablePointer<Atomic<UInt>>
    @usableFromInline
    let mask: Int
    private(set) var count = 0
    /// Whether the table keeps the ``BindingSlot``s stored in it, released in `deinit` (the
    /// registry keeps the lone candidates).
    ///
    /// A container's current table keeps its types' slots (``store(_:_:)``), and hands them
    /// over to the larger table that replaces it (``handOverSlots(to:)``). An array of them
    /// beside the table was an allocation per container, and 16 bytes per type published.
    private var ownsSlots = false

    /// An empty table of `capacity` buckets, rounded up to a power of two (8 at least); it
    /// holds half as many keys.
    convenience init(capacity: Int) {
        self.init(buckets: max(8, capacity.nextPowerOfTwo))
    }

    private init(buckets: Int) {
        mask = buckets - 1
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: buckets * 2 * MemoryLayout<Atomic<UInt>>.stride, alignment: MemoryLayout<Atomic<UInt>>.alignment)
        // NB: zeroed as words, then bound as atomics: an `Atomic<UInt>` is laid out as its
        // `UInt`, and a zero word is an atomic holding 0. Initializing atomic by atomic was a
        // loop of stores, several thousand instructions for the table a container of a few
        // hundred types allocates at its first resolve; this is a `memset`.
        raw.initializeMemory(as: UInt.self, repeating: 0, count: buckets * 2)
        slots = raw.bindMemory(to: Atomic<UInt>.self, capacity: buckets * 2)
    }

    /// A table that holds nothing and has no room, shared by every container until it
    /// publishes its first type: a container made and dropped without a resolve (a child
    /// container per request that resolves from upstream only) allocates no table, and the
    /// first one a container allocates is sized for every type registered by then, so it
    /// outgrows none on the way (each outgrown table is kept for the container's life).
    static let empty = BindingTable(buckets: 1)

    deinit {
        if ownsSlots {
            for index in 0...mask where slots[index * 2].load(ordering: .relaxed) != 0 {
                // NB: the reference `store(_:_:)` took.
                TypeEntry(bits: slots[index * 2 + 1].load(ordering: .relaxed)).slot?.release()
            }
        }
        // NB: no `deinitialize`: an `Atomic<UInt>` holds nothing to release, and the generic
        // per-element teardown cost more than the rest of a small container's deinit.
        slots.deallocate()
    }

    var capacity: Int { mask + 1 }

    /// Whether one more key keeps the table at most half full.
    var hasRoom: Bool { (count + 1) * 2 <= capacity }

    @inlinable
    static func hash(_ key: UInt) -> Int {
        // Fibonacci hashing: type metadata addresses share their low bits.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 29)
    }

    /// The word stored for `key`, or 0.
    @inlinable @inline(__always)
    func lookupWord(_ key: ObjectIdentifier) -> UInt {
        lookupWord(bits: UInt(bitPattern: key))
    }

    /// The word stored for the key `key` (not 0), or 0.
    @inlinable @inline(__always)
    func lookupWord(bits key: UInt) -> UInt {
        var index = Self.hash(key) & mask
        while true {
            let found = slots[index * 2].load(ordering: .acquiring)
            if found == key { return slots[index * 2 + 1].load(ordering: .acquiring) }
            if found == 0 { return 0 }
            index = (index + 1) & mask
        }
    }

    /// Stores the entry of `key`, and keeps its slot if it has one (a reference released when
    /// the table goes, unless it handed its slots over).
    ///
    /// Call with the registry locked, and `hasRoom` checked for a new key; an entry may be
    /// replaced by a slot's only (a slot stays its type's for the container's life). A table
    /// stores entries only, or words only.
    func store(_ key: ObjectIdentifier, _ entry: TypeEntry) {
        if let slot = entry.slot {
            ownsSlots = true
            _ = slot.retain()
        }
        store(key, word: entry.bits)
    }

    /// Stores every slot of this table in `larger`, which keeps them from now on; this table
    /// keeps none (a reader may still be probing it, so its entries stay as they are).
    ///
    /// Call with the registry locked.
    func handOverSlots(to larger: BindingTable) {
        for index in 0...mask {
            let key = slots[index * 2].load(ordering: .relaxed)
            guard key != 0 else { continue }
            larger.store(bits: key, word: slots[index * 2 + 1].load(ordering: .relaxed))
        }
        // NB: each slot's reference moves to the larger table as it is.
        larger.ownsSlots = ownsSlots
        ownsSlots = false
    }

    /// The entry stored for `key`; call with the registry locked.
    func entry(for key: ObjectIdentifier) -> TypeEntry { TypeEntry(word: lookupWord(key)) }

    /// Replaces the word of `key`, if this table has the key, with `value`, for the readers
    /// that still probe this outgrown table; the current table keeps what `value` points at.
    ///
    /// Call with the owner's lock held.
    func replace(_ key: ObjectIdentifier, word value: UInt) {
        if lookupWord(key) != 0 { store(key, word: value) }
    }

    /// Stores `value` (not 0) for `key`.
    ///
    /// Call with the owner's lock held and `hasRoom` checked for a new key.
    func store(_ key: ObjectIdentifier, word value: UInt) {
        store(bits: UInt(bitPattern: key), word: value)
    }

    /// Stores `value` (not 0) for the key `key` (not 0).
    ///
    /// Call with the owner's lock held and `hasRoom` checked for a new key.
    func store(bits key: UInt, word value: UInt) {
        var index = Self.hash(key) & mask
        while true {
            let found = slots[index * 2].load(ordering: .relaxed)
            if found == key || found == 0 {
                slots[index * 2 + 1].store(value, ordering: .releasing)
                if found == 0 {
                    slots[index * 2].store(key, ordering: .releasing)
                    count += 1
                }
                return
            }
            index = (index + 1) & mask
        }
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
