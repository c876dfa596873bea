import Synchronization

/// An insert-only hash table from a type to a word, read without locks: in a container, the
/// address of the type's ``BindingSlot``.
///
/// Writers hold their owner's lock (the container's registry lock); readers take none. An
/// entry's value is stored before its key, both with release ordering, so a reader that sees
/// a key sees its value. A key's value never changes (a new binding is published through the
/// slot), and an outgrown table is kept alive by its owner (the registry, for the container's
/// life; the tables retired so are smaller than the current one, together), so a reader
/// holding a stale table pointer still reads valid memory. Keys are type identities; there
/// are no deletions. ``WordTable`` is the same table with its own lock, for process-wide
/// answers.
// NB: @unchecked: the slots are atomics; `count` and `ownsSlots` are touched only under the
// owner's lock (and in `deinit`, when no one else holds the table).
@usableFromInline
final class BindingTable: @unchecked Sendable {
    @usableFromInline
    let slots: UnsafeMutablePointer<Atomic<UInt>>
    @usableFromInline
    let mask: Int
    private(set) var count = 0
    /// Whether the table keeps the ``BindingSlot``s stored in it, released in `deinit`.
    ///
    /// A container's current table keeps its types' slots (``store(_:_:)``), and hands them
    /// over to the larger table that replaces it (``handOverSlots(to:)``). An array of them
    /// beside the table was an allocation per container, and 16 bytes per type published.
    private var ownsSlots = false

    init(capacity: Int) {
        let capacity = max(8, capacity.nextPowerOfTwo)
        mask = capacity - 1
        slots = .allocate(capacity: capacity * 2)
        for index in 0..<(capacity * 2) {
            (slots + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        if ownsSlots {
            for index in 0...mask where slots[index * 2].load(ordering: .relaxed) != 0 {
                // NB: the reference `store(_:_:)` took.
                Unmanaged<BindingSlot>.fromOpaque(UnsafeRawPointer(bitPattern: slots[index * 2 + 1].load(ordering: .relaxed))!)
                    .release()
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

    /// The slot stored for `key`, unretained (the table that owns it keeps it alive).
    @inlinable @inline(__always)
    func lookup(_ key: ObjectIdentifier) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: lookupWord(key))
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

    /// Stores the slot of the new key `key`, and keeps it (a reference released when the table
    /// goes, unless it handed its slots over).
    ///
    /// Call with the registry locked and `hasRoom` checked. A table stores slots only, or
    /// words only.
    func store(_ key: ObjectIdentifier, _ slot: BindingSlot) {
        ownsSlots = true
        store(key, word: UInt(bitPattern: Unmanaged.passRetained(slot).toOpaque()))
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

    /// The slot stored for `key`, unretained (the table keeps it); call with the registry locked.
    func slot(for key: ObjectIdentifier) -> Unmanaged<BindingSlot>? {
        lookup(key).map { Unmanaged.fromOpaque($0) }
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
