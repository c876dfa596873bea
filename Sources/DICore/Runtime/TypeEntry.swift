/// What a container's ``BindingTable`` holds for one type: an object address tagged in its
/// two low bits, saying where a resolve of the type starts.
///
/// - `00`: the candidate an unqualified request takes, at the word's address: its component (a
///   `ComponentBox` of the type) or a `Candidate<T>` (a component exposed as the type), as the
///   candidate's ``AnyCandidate/_isComponent`` says. The type's lone unqualified candidate, or,
///   in a table's word (not in ``BindingTable/entry(for:)``'s answer), the primary of its slot,
///   which the table keeps under the type's slot key: the hot path reads either alike.
/// - `10`: the type's ``BindingSlot``, through which the registry publishes each ``Binding``.
/// - `11` alone (``none``): the container does not have the type, so the hot path tests the
///   tag alone.
///
/// Contract: the word owns nothing. A candidate's object is kept by the registry and a
/// slot by the table that stores it (``BindingTable/keep(_:for:)``), both for the container's
/// life; a caller reads them only while it holds the container. The accessors that read an
/// object ask the tag first, except ``loneCandidate``, which a caller
/// asks only when ``isLoneCandidate`` (never on ``none``). What a type's candidates
/// are, in DI terms, is in `TypeEntry+Candidates.swift`.
///
/// Guarded by `TypeEntryTests`.
// NB: the tags sit in the low bits of object addresses, which are 16-byte aligned
// (`TypeEntryTests.tagsRoundTripOnRealObjects`).
@usableFromInline struct TypeEntry {
    /// The word, as the table stores it (never 0).
    @usableFromInline let bits: UInt

    /// The entry of the word a table stores (not 0).
    @inlinable @inline(__always) init(bits: UInt) {
        self.bits = bits
    }

    @usableFromInline static var tagMask: UInt { 3 }
    @usableFromInline static var slotTag: UInt { 2 }

    /// No entry: the container does not have the type.
    static var none: TypeEntry { TypeEntry(bits: tagMask) }

    /// The entry of `word`, as a table's look-up returns it (0 for none).
    init(word: UInt) {
        bits = word == 0 ? Self.tagMask : word
    }

    /// The entry of a type whose only candidate, unqualified, is `candidate`, which the
    /// caller keeps alive while the entry is read.
    init(lone candidate: AnyCandidate) {
        bits = unsafe UnsafeObjectWord(unretained: candidate).bits
    }

    /// The entry of a type resolved through `slot`; the table that stores it keeps the slot.
    init(slot: BindingSlot) {
        bits = unsafe UnsafeObjectWord(unretained: slot).bits | Self.slotTag
    }

    /// Whether there is no entry.
    var isEmpty: Bool { bits == Self.tagMask }

    /// Whether the type's only candidate, unqualified, is at the word's address (a component
    /// of the type or a `Candidate<T>`), read by ``loneCandidate``: what the hot path asks.
    @inlinable @inline(__always) var isLoneCandidate: Bool { bits & Self.tagMask == 0 }

    /// The lone candidate, unretained; ask only when ``isLoneCandidate``.
    @inlinable @inline(__always) var loneCandidate: UnsafeObjectWord<AnyCandidate> { unsafe UnsafeObjectWord(bits: bits) }

    /// The type's slot, unretained (the table keeps it), if the type has one: the one place
    /// a slot's word is read as its address.
    @inlinable @inline(__always) var slot: UnsafeObjectWord<BindingSlot>? {
        guard bits & Self.tagMask == Self.slotTag else { return nil }
        return unsafe UnsafeObjectWord(bits: bits & ~Self.tagMask)
    }

    /// The bits of an ``UnsafeObjectWord`` of the primary candidate of the type's slot (a
    /// component of the type or not), unretained, or 0 if the type has no slot or an
    /// unqualified request needs more thought.
    @inlinable @inline(__always) var slotPrimaryBits: UInt { unsafe slot?.withObject { $0._primaryBits } ?? 0 }

    /// The candidate an unqualified request takes without further thought, unretained: the
    /// lone candidate, or the slot's primary one (``Binding`` says which that is); `nil` when
    /// the request needs the whole binding.
    var primary: UnsafeObjectWord<AnyCandidate>? {
        unsafe isLoneCandidate ? loneCandidate : UnsafeObjectWord(nonzero: slotPrimaryBits)
    }
}
