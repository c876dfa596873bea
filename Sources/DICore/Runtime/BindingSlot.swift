import Synchronization

/// Where one container keeps the binding of one type that has one (see ``TypeEntry``): what
/// the lock-free table points at, as atomic words.
///
/// A slot lives as long as its container, so a reader may hold it unretained. Its binding is
/// replaced whenever the registrations of the type change; the slot copies what the resolver's
/// hot path needs (the primary candidate, which the registry keeps alive) into an atomic,
/// so the hot path reads the slot alone and never touches a binding that may be
/// freed. Every other reader takes the binding with ``retainCurrent()``, inside the
/// body of the container's ``GenerationGate``; the registry frees a replaced binding only
/// once it has advanced that gate after replacing it.
///
/// The slot of a type is the first binding published for it (``Binding`` is a slot); a
/// binding published to replace another is not used as a slot.
///
/// Contract: ``publish(_:)``, ``markStale()`` and ``setQualifierIndex(_:)`` are called with
/// the registry locked. A caller of ``retainCurrent()`` calls it in an
/// ``GenerationGate/ifCurrent(_:_:)`` body of the container's gate; ``lockedCurrent`` is read
/// only with the registry locked. The object behind ``_primary`` is kept by the registry, not the slot: read it only while
/// holding the container.
///
/// Guarded by `BindingSlotTests` (and, with the registry, `ManyRegistrationsTests`).
// NB: @unchecked: every stored property is an atomic; not final, as `Binding` subclasses it.
@usableFromInline class BindingSlot: @unchecked Sendable {
    /// The current binding, unretained; the registry holds its strong reference.
    private let current: Atomic<UInt>
    /// The current binding's primary candidate (a component of the slot's type or a
    /// `Candidate<T>`, as its ``AnyCandidate/_isComponent`` says), unretained, or 0.
    ///
    /// One word, read once: a resolve asks the object what it is, so a reader between a
    /// ``markStale()`` and a ``publish(_:)`` never pairs two words of different bindings
    /// (`SlotPrimaryTests`).
    @usableFromInline let _primary: Atomic<UInt>
    /// Whether registrations were added to the type since `current` was published: the next
    /// read of the binding publishes it again first.
    private let stale = Atomic<Bool>(false)
    /// Where the type's candidates carry each name and tag, retained once by the slot, or 0
    /// until the type's first named or tagged lookup; set once, released in `deinit`.
    private let qualifierIndexWord = Atomic<UInt>(0)

    /// A slot without a binding, whose binding (usually itself) will have `primary` as its
    /// primary candidate: ``publish(_:)`` gives it its binding before the table points at it.
    init(primary: AnyCandidate?) {
        current = Atomic(0)
        _primary = Atomic(primary.map { unsafe UnsafeObjectWord(unretained: $0).bits } ?? 0)
    }

    deinit {
        unsafe UnsafeObjectWord<QualifierIndex>(nonzero: qualifierIndexWord.load(ordering: .acquiring))?.release()
    }

    /// The current primary candidate's bits, or 0.
    @inlinable @inline(__always) final var _primaryBits: UInt { _primary.load(ordering: .acquiring) }

    /// The type's index of names and tags, if a named or tagged lookup made it.
    final var qualifierIndex: QualifierIndex? {
        unsafe UnsafeObjectWord<QualifierIndex>(nonzero: qualifierIndexWord.load(ordering: .acquiring))?.object
    }

    /// Gives the slot `index`, unless it has one; call with the registry locked.
    final func setQualifierIndex(_ index: QualifierIndex) {
        guard qualifierIndexWord.load(ordering: .relaxed) == 0 else { return }
        unsafe qualifierIndexWord.store(UnsafeObjectWord.retaining(index).bits, ordering: .releasing)
    }

    /// Whether the binding is out of date (``markStale()``), to be published again first.
    final var isStale: Bool { stale.load(ordering: .sequentiallyConsistent) }

    /// The current binding; call with the registry locked (it is then not replaced, so not
    /// freed).
    final var lockedCurrent: Binding {
        unsafe UnsafeObjectWord<Binding>(bits: current.load(ordering: .acquiring)).object
    }

    /// The current binding, retained; call in a body of the container's ``GenerationGate``.
    ///
    /// The binding may be replaced once this returns; the reference returned keeps it alive.
    final func retainCurrent() -> Binding {
        // NB: sequentially consistent with `publish(_:)`'s store and the gate's advance:
        // retained before the caller's gate body ends, so before the registry can free it.
        unsafe UnsafeObjectWord<Binding>(bits: current.load(ordering: .sequentiallyConsistent)).retain().takeRetained()
    }

    /// Makes `binding` the current one; call with the registry locked.
    ///
    /// The caller keeps the replaced binding alive until no reader can still be retaining it.
    final func publish(_ binding: Binding) {
        // A binding's own `_primary` is its primary candidate, set when it was made and never
        // changed unless it is this slot (then it is copied onto itself).
        _primary.store(binding._primary.load(ordering: .relaxed), ordering: .releasing)
        // NB: sequentially consistent, as the gate's advance the registry runs after it: a
        // reader whose body that advance does not wait for reads this binding, not the old one.
        unsafe current.store(UnsafeObjectWord(unretained: binding).bits, ordering: .sequentiallyConsistent)
        stale.store(false, ordering: .sequentiallyConsistent)
    }

    /// Marks the binding out of date, to be published again at its next read; call with the
    /// registry locked, when a registration is added to the type.
    ///
    /// The primary goes at once, so the hot path takes no decision the new registration may
    /// change; the binding is extended by the registrations added only when something reads
    /// it, so registering many components of a type already resolved costs each one no read of
    /// the others (`ManyRegistrationsTests` and `GrowthTests` guard it).
    final func markStale() {
        _primary.store(0, ordering: .sequentiallyConsistent)
        stale.store(true, ordering: .sequentiallyConsistent)
    }
}
