/// What a container's ``BindingTable`` holds for one type: a word that says where a resolve
/// of the type starts.
///
/// - A type that one unqualified registration answers (most types) is its only candidate: the
///   component itself (low bits `00`), or the `Candidate<T>` of a component exposed as the
///   type (`01`). Neither changes while the container lives, and the registry keeps both.
/// - Any other type (several registrations, names or tags) is its ``BindingSlot`` (`10`),
///   through which the registry publishes each new ``Binding`` of the type.
/// - A type the container does not have is `11` (``none``), so that the hot path tests the
///   tag alone.
///
/// A lone candidate needs no binding object at all: one for every type published was 64 bytes
/// a type, and the hot path read the component through it, one load more. A type that gains a
/// registration once published gets its slot then, and the table's word for it changes once,
/// from the candidate to the slot; a slot, once made, stays the type's for the container's life.
// NB: the tags sit in the low bits of object addresses, which are 16-byte aligned.
@usableFromInline
struct TypeEntry {
    /// The word, as the table stores it (never 0).
    @usableFromInline
    let bits: UInt

    /// The entry of the word a table stores (not 0).
    @usableFromInline
    init(bits: UInt) {
        self.bits = bits
    }

    @usableFromInline
    static var tagMask: UInt { 3 }
    @usableFromInline
    static var candidateTag: UInt { 1 }
    @usableFromInline
    static var slotTag: UInt { 2 }

    /// No entry: the container does not have the type.
    @usableFromInline
    static var none: TypeEntry { TypeEntry(bits: tagMask) }

    /// The entry of `word`, as a table's look-up returns it (0 for none).
    init(word: UInt) {
        bits = word == 0 ? Self.tagMask : word
    }

    /// The entry of a type whose only candidate, unqualified, is `candidate`.
    // NB: unretained: the registry keeps every published component and candidate for the
    // container's life.
    init(lone candidate: AnyCandidate) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(candidate).toOpaque())
        bits = candidate._isComponent ? address : address | Self.candidateTag
    }

    /// The entry of a type resolved through `slot`; the table keeps the slot (see
    /// ``BindingTable/store(_:_:)``).
    init(slot: BindingSlot) {
        bits = UInt(bitPattern: Unmanaged.passUnretained(slot).toOpaque()) | Self.slotTag
    }

    /// Whether there is no entry.
    var isEmpty: Bool { bits == Self.tagMask }

    /// Whether the type's only candidate, unqualified, is its component (a `ComponentBox` of
    /// the type), at ``componentAddress``: what the hot path asks.
    @inlinable @inline(__always)
    var isLoneComponent: Bool { bits & Self.tagMask == 0 }

    /// The lone component, unretained; ask only when ``isLoneComponent``.
    // NB: unchecked: a lone component's word is its address, never 0.
    @inlinable @inline(__always)
    var componentAddress: UnsafeRawPointer { UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped }

    /// The type's slot, unretained (the table keeps it), if the type has one: the one place
    /// a slot's word is read as its address.
    // NB: unchecked: a slot's word is its address, tagged, never 0.
    @inlinable @inline(__always)
    var slot: Unmanaged<BindingSlot>? {
        guard bits & Self.tagMask == Self.slotTag else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~Self.tagMask).unsafelyUnwrapped)
    }

    /// The primary component of the type's slot (a `ComponentBox` of the type), unretained,
    /// if the type has a slot and its binding such a primary.
    @inlinable @inline(__always)
    var slotPrimaryBox: UnsafeRawPointer? { slot?._withUnsafeGuaranteedRef { $0.primaryBoxPointer } }

    /// The primary candidate of an entry whose primary is not a component of the type (that
    /// is ``isLoneComponent`` or ``slotPrimaryBox``): the lone `Candidate<T>`, or the slot's
    /// primary candidate, unretained; `nil` when an unqualified request needs more thought.
    @inlinable @inline(__always)
    var primaryCandidate: UnsafeRawPointer? {
        if bits & Self.tagMask == Self.candidateTag { return UnsafeRawPointer(bitPattern: bits & ~Self.tagMask) }
        return slot?._withUnsafeGuaranteedRef { $0.primaryPointer }
    }

    /// The type's only candidate, unretained, if it has no slot.
    private var lone: Unmanaged<AnyCandidate>? {
        guard bits & Self.tagMask < Self.slotTag else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~Self.tagMask)!)
    }

    /// The candidate an unqualified request takes without further thought, unretained: the
    /// lone candidate, or the slot's primary one (``Binding`` says which that is); `nil` when
    /// the request needs the whole binding.
    var primary: Unmanaged<AnyCandidate>? {
        (isLoneComponent ? componentAddress : primaryCandidate).map { Unmanaged.fromOpaque($0) }
    }

    /// The type's candidates in `container`, whose entry this is, retained: the lone
    /// candidate, or those of the slot's current binding.
    ///
    /// `indexed`: for a named or tagged lookup, whose candidates come from the slot's index.
    func candidates(in container: DIContainer, indexed: Bool = false) -> Binding.Candidates {
        if let lone { return Binding.Candidates(first: lone.takeUnretainedValue(), later: []) }
        let slot = slot!
        guard indexed else { return container.binding(in: slot).candidates }
        if slot._withUnsafeGuaranteedRef({ $0.qualifierIndex == nil }) { container.makeQualifierIndex(for: slot) }
        var candidates = container.binding(in: slot).candidates
        candidates.slot = slot.takeUnretainedValue()
        return candidates
    }
}
