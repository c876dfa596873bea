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
// NB: @unchecked: the slots are atomics; `count` is touched only under the owner's lock.
@usableFromInline
final class BindingTable: @unchecked Sendable {
    @usableFromInline
    let slots: UnsafeMutablePointer<Atomic<UInt>>
    @usableFromInline
    let mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        let capacity = max(8, capacity.nextPowerOfTwo)
        mask = capacity - 1
        slots = .allocate(capacity: capacity * 2)
        for index in 0..<(capacity * 2) {
            (slots + index).initialize(to: Atomic(0))
        }
    }

    deinit {
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

    /// The slot stored for `key`, unretained (the registry keeps it alive).
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

    /// Stores the slot of `key`.
    ///
    /// Call with the registry locked and `hasRoom` checked for a new key.
    func store(_ key: ObjectIdentifier, _ slot: BindingSlot) {
        store(key, word: UInt(bitPattern: Unmanaged.passUnretained(slot).toOpaque()))
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
