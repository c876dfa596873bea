import Synchronization

/// An insert-only hash table from a word to a word, read without locks: in a container, from a
/// type to its ``TypeEntry``.
///
/// Open addressing with linear probing over one raw allocation of atomic words (a key, then its
/// value, per bucket), homed by ``FibonacciHash``. An entry's value is stored before its key,
/// both with release ordering, so a reader that sees a key sees its value.
///
/// Contract:
/// - Writers hold their owner's lock; readers take none. Neither a key nor a value is 0.
/// - A writer stores a new key only when ``hasRoom``: the table is then at most half full, so
///   a probe always ends at an empty bucket.
/// - There are no deletions. A key's value may change (``replace(_:word:)``, ``store(_:_:)``
///   of a slot for a lone candidate); readers see the old value or the new one.
/// - An outgrown table must stay allocated while a reader may still probe it: its owner keeps
///   it (a container for its life, an ``ObjectTable`` for the process's).
/// - A container's table keeps each type's ``BindingSlot`` under the type's slot key
///   (``slotKey(_:)``, stored by ``keep(_:for:)``; released in `deinit`, unless handed over
///   with ``handOverSlots(to:)``); the type's own key holds its ``TypeEntry``, which points
///   at the slot or at the slot's primary candidate, kept by no table. A table holds a primary
///   under a type's key only if it holds the type's slot key too (``entry(for:)`` reads it).
///
/// Guarded by `BindingTableTests` (a model test against `Dictionary`, a race of readers
/// against a growing writer, slots counted).
// NB: @unchecked: the buckets are atomics; `count` and `ownsSlots` are touched only under the
// owner's lock (and in `deinit`, when no one else holds the table).
@usableFromInline @safe final class BindingTable: @unchecked Sendable {
    /// Two words per bucket, the key then its value; 0 is an empty key.
    @usableFromInline let _words: UnsafeMutablePointer<Atomic<UInt>>
    /// The bucket count minus one (the count is a power of two).
    @usableFromInline let _mask: Int
    /// The word's width minus log2 of the bucket count, for
    /// ``FibonacciHash/bucket(of:shift:mask:)``.
    @usableFromInline let _shift: UInt
    private(set) var count = 0
    /// Whether the table keeps the ``BindingSlot``s stored under slot keys, released in
    /// `deinit` (the registry keeps the candidates).
    private var ownsSlots = false

    /// An empty table of `capacity` buckets, rounded up to a power of two (8 at least); it
    /// holds half as many keys.
    convenience init(capacity: Int) {
        // The smallest power of two at least `capacity` (a smart shift past the word gives 0).
        self.init(buckets: Swift.max(8, 1 << (Int.bitWidth - (capacity - 1).leadingZeroBitCount)))
    }

    private init(buckets: Int) {
        _mask = buckets - 1
        _shift = UInt(UInt.bitWidth - buckets.trailingZeroBitCount)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: buckets * 2 * MemoryLayout<Atomic<UInt>>.stride, alignment: MemoryLayout<Atomic<UInt>>.alignment)
        // NB: zeroed as words, then bound as atomics: an `Atomic<UInt>` is laid out as its
        // `UInt`, and a zero word is an atomic holding 0 (a `memset`, not a store per atomic).
        unsafe raw.initializeMemory(as: UInt.self, repeating: 0, count: buckets * 2)
        unsafe _words = unsafe raw.bindMemory(to: Atomic<UInt>.self, capacity: buckets * 2)
    }

    /// A table that holds nothing and has no room, never written.
    ///
    /// Every container shares it until it publishes its first type: a container made and
    /// dropped without a resolve allocates no table.
    static let empty = BindingTable(buckets: 1)

    deinit {
        // NB: the reference `store(_:_:)` took.
        if ownsSlots { forEachEntry { key, word in if key & 1 != 0 { unsafe TypeEntry(bits: word).slot?.release() } } }
        // NB: no `deinitialize`: an `Atomic<UInt>` holds nothing to release.
        unsafe _words.deallocate()
    }

    var capacity: Int { _mask + 1 }

    /// Whether one more key keeps the table at most half full.
    var hasRoom: Bool { (count + 1) * 2 <= capacity }

    /// The word stored for the key `key` (not 0), or 0.
    @inlinable @inline(__always) func lookupWord(bits key: UInt) -> UInt {
        var index = FibonacciHash.bucket(of: key, shift: _shift, mask: _mask)
        while true {
            let found = unsafe _words[index &* 2].load(ordering: .acquiring)
            if found == key { return unsafe _words[index &* 2 &+ 1].load(ordering: .acquiring) }
            if found == 0 { return 0 }
            index = (index &+ 1) & _mask
        }
    }

    /// Stores the entry of `key`, keeping nothing (a slot it points at is kept under the
    /// type's slot key, ``keep(_:for:)``).
    ///
    /// Call with the owner's lock held, and `hasRoom` checked for a new key.
    func store(_ key: ObjectIdentifier, _ entry: TypeEntry) {
        store(bits: UInt(bitPattern: key), word: entry.bits)
    }

    /// The key under which the table keeps the slot of the type of `key`: the type's key with
    /// its low bit set, which no type's key has (type metadata is pointer-aligned).
    static func slotKey(_ key: ObjectIdentifier) -> UInt { UInt(bitPattern: key) | 1 }

    /// Keeps `slot` as the slot of the type of `key`, under its ``slotKey(_:)``: a reference
    /// released when the table goes, unless it handed its slots over.
    ///
    /// Call with the owner's lock held and `hasRoom` checked; once per type (a slot stays its
    /// type's for the container's life).
    func keep(_ slot: BindingSlot, for key: ObjectIdentifier) {
        ownsSlots = true
        let entry = TypeEntry(slot: slot)
        unsafe entry.slot!.retain()
        store(bits: Self.slotKey(key), word: entry.bits)
    }

    /// Stores every entry of this table in `larger`, which keeps their slots from now on;
    /// this table keeps none (a reader may still be probing it, so its entries stay as they
    /// are).
    ///
    /// Call with the owner's lock held.
    func handOverSlots(to larger: BindingTable) {
        forEachEntry { larger.store(bits: $0, word: $1) }
        // NB: each slot's reference moves to the larger table as it is.
        larger.ownsSlots = ownsSlots
        ownsSlots = false
    }

    /// Calls `body` with each key stored and its word; call with the owner's lock held, or in
    /// `deinit`.
    private func forEachEntry(_ body: (_ key: UInt, _ word: UInt) -> Void) {
        for index in 0..._mask where unsafe _words[index * 2].load(ordering: .relaxed) != 0 {
            unsafe body(_words[index * 2].load(ordering: .relaxed), _words[index * 2 + 1].load(ordering: .relaxed))
        }
    }

    /// The entry of `key` for every reader but the unqualified resolve: its slot if it has
    /// one, though the word under `key` is the slot's primary candidate.
    ///
    /// Lock-free: the slot key is stored before a primary under `key` (both releasing), and
    /// a table never holds a primary without it (`NamedHitTests`).
    func entry(for key: ObjectIdentifier) -> TypeEntry {
        let entry = TypeEntry(word: lookupWord(bits: UInt(bitPattern: key)))
        guard entry.isLoneCandidate else { return entry }
        let slot = lookupWord(bits: Self.slotKey(key))
        return slot == 0 ? entry : TypeEntry(bits: slot)
    }

    /// Replaces the word of `key`, if this table has the key, with `value`, for the readers
    /// that still probe this outgrown table; the current table keeps what `value` points at.
    ///
    /// Call with the owner's lock held.
    func replace(_ key: ObjectIdentifier, word value: UInt) {
        if lookupWord(bits: UInt(bitPattern: key)) != 0 { store(bits: UInt(bitPattern: key), word: value) }
    }

    /// Stores `value` (not 0) for the key `key` (not 0).
    ///
    /// Call with the owner's lock held and `hasRoom` checked for a new key.
    func store(bits key: UInt, word value: UInt) {
        assert(key != 0 && value != 0, "a binding table stores no 0")
        var index = FibonacciHash.bucket(of: key, shift: _shift, mask: _mask)
        while true {
            let found = unsafe _words[index * 2].load(ordering: .relaxed)
            if found == key || found == 0 {
                unsafe _words[index * 2 + 1].store(value, ordering: .releasing)
                if found == 0 {
                    unsafe _words[index * 2].store(key, ordering: .releasing)
                    count += 1
                }
                #if DI_CHECK_INVARIANTS
                    // Whole at each power of two (linear in all), else the entry stored.
                    if count & (count - 1) == 0 { _checkInvariants() }
                    precondition(lookupWord(bits: key) == value, "a stored key not found")
                #endif
                return
            }
            index = (index + 1) & _mask
        }
    }

    #if DI_CHECK_INVARIANTS
        /// Checks that `count` is the number of keys, that the table is at most half full (or
        /// the empty one), that every key has a value and is found by a probe from its home
        /// bucket; call with the owner's lock held.
        func _checkInvariants() {
            var keys = 0
            for index in 0..._mask {
                let key = unsafe _words[index * 2].load(ordering: .relaxed)
                guard key != 0 else { continue }
                keys += 1
                precondition(unsafe _words[index * 2 + 1].load(ordering: .relaxed) != 0, "a key without a value")
                var probe = FibonacciHash.bucket(of: key, shift: _shift, mask: _mask)
                while probe != index {
                    precondition(unsafe _words[probe * 2].load(ordering: .relaxed) != 0, "a key past an empty bucket")
                    probe = (probe + 1) & _mask
                }
            }
            precondition(keys == count, "count is not the number of keys")
            precondition(count * 2 <= capacity, "more than half full")
        }
    #endif
}
