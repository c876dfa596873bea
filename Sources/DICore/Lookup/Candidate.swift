import Synchronization

/// A component as a way of getting a `T` other than its own type (a component exposed as `T`).
///
/// Both ways of getting its instance are closures compiled with the registration, for the
/// component's type and `T` (``ExposureConversion``). When the component's lifetime keeps its
/// instance in a slot, the candidate keeps that instance converted in a slot of its own
/// (``AnyCandidate/_cacheSlot``), filled by ``keptInstance()`` and cleared with the
/// component's (``ClearableSlot/addDependent(_:)``): a top-level resolve of `T` reads it
/// inline, as a component of `T` itself is read (`ExposureTests`).
// NB: @unchecked as its superclass: every stored property is an immutable `let` of a
// Sendable type.
@usableFromInline @safe final class Candidate<T>: ExposedCandidate, @unchecked Sendable {
    @usableFromInline let _component: Component
    /// Builds or fetches an instance of the component and converts it.
    @usableFromInline let _make: Make
    /// Reads the instance the component's lifetime keeps, converted.
    @usableFromInline let _cached: Cached
    /// The slot behind ``AnyCandidate/_cacheSlot``, kept alive here; `nil` when the
    /// component's lifetime keeps no instance in a slot.
    let convertedSlot: (any AnyObject & Sendable)?

    /// Builds or fetches an instance of the component as a `T`, throwing
    /// ``DIError/Code-swift.struct/typeMismatch`` when it is not one.
    @usableFromInline typealias Make = @Sendable (inout ResolutionContext) throws(DIError) -> T
    /// The instance the component given (this candidate's) already keeps, as a `T`; `nil` when
    /// it keeps none, or one that is not a `T` (the resolve then builds the candidate, which
    /// throws why).
    @usableFromInline typealias Cached = @Sendable (Component) -> T?

    /// A candidate of `component`, which keeps its instance converted in a slot of its own when
    /// the component's lifetime keeps it in one (the component's ``AnyCandidate/_cacheSlot``).
    init(_ component: Component, make: @escaping Make, cached: @escaping Cached) {
        let componentSlot = component._cacheSlot
        var slot: (any AnyObject & Sendable)?
        let isClearable = componentSlot != 0 && component._cacheSlotIsClearable
        if isClearable {
            let converted = ClearableSlot()
            unsafe UnsafeObjectWord<ClearableSlot>(bits: componentSlot).withObject { $0.addDependent(converted) }
            slot = converted
        } else if componentSlot != 0 {
            slot = InstanceSlot()
        }
        self._component = component
        self._make = make
        self._cached = cached
        self.convertedSlot = slot
        let cacheSlot = slot.map { unsafe UnsafeObjectWord(unretained: $0).bits } ?? 0
        // Asked only of a candidate that keeps its instance: a dynamic cast and a read of `T`'s
        // metadata, here not specialized for `T`.
        let isReferenceType = slot != nil && T.self is AnyObject.Type
        let split: UInt8 = slot != nil && UnsafeInstanceBoxing.isObjectAndWitness(T.self) ? 0x40 : 0
        super.init(isComponent: false, flags: (isReferenceType ? 1 : 0) | (isClearable ? 8 : 0) | split, cacheSlot: cacheSlot)
    }

    override var component: Component { _component }
    override var resolvedType: Any.Type { T.self }

    /// The instance the component's slot keeps, converted, kept in this candidate's slot for
    /// the next hit; `nil` when it keeps none (or has no slot).
    ///
    /// The converted form is stored only if this candidate's slot was not cleared since before
    /// the component's instance was read: a cleared component's instance never comes back
    /// through it (`ExposureTests`).
    @usableFromInline func keptInstance() -> T? {
        if let slot = unsafe clearableSlot {
            let generation = unsafe slot.withObject { $0.clears }
            guard let value = _cached(_component) else { return nil }
            if let object = keptForm(of: value) { unsafe slot.withObject { $0.store(object, ifClears: generation) } }
            return value
        }
        guard let slot = unsafe permanentSlot, let value = _cached(_component) else { return nil }
        if let object = keptForm(of: value) { unsafe slot.withObject { $0.store(object) } }
        return value
    }

    /// What the slot keeps of `value`: its object alone when its witness table is the
    /// candidate's (`nil`, kept nowhere, when it is another), else what
    /// ``UnsafeInstanceBoxing`` makes of it.
    private func keptForm(of value: T) -> AnyObject? {
        guard _keepsObjectAndWitness else { return unsafe UnsafeInstanceBoxing.box(value, isReferenceType: _isReferenceType) }
        let (object, witness) = unsafe UnsafeInstanceBoxing.split(value)
        // NB: sequentially consistent, as the slot's store after it: a reader that loads the
        // object loads this witness table after it.
        let (set, first) = _witness.compareExchange(expected: 0, desired: witness, ordering: .sequentiallyConsistent)
        return set || first == witness ? object : nil
    }

    /// The instance for this request, converted: one closure call, no dynamic dispatch.
    @inlinable @inline(__always) func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        try _make(&context)
    }
}

/// What every `Candidate<T>` holds that does not depend on `T`: read by a top-level hit
/// without `Candidate<T>`'s metadata (``AnyCandidate/cachedObjectAndWitness(as:)``).
// NB: @unchecked as its superclass: its one stored property is an atomic.
@usableFromInline class ExposedCandidate: AnyCandidate, @unchecked Sendable {
    /// The witness table of every instance the candidate's slot keeps, when it keeps their
    /// objects alone (``AnyCandidate/_keepsObjectAndWitness``): set by the first kept, before
    /// its object is stored; an instance with another is not kept.
    @usableFromInline final let _witness = Atomic<UInt>(0)
}
