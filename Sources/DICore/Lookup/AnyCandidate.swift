import Synchronization

/// One component as a way of getting some type: what a ``Binding`` holds.
///
/// A component resolved as its own type is its own candidate (``Component`` is a candidate):
/// no object more per component. A component resolved as another type it is exposed as is a
/// `Candidate<T>` of that type.
///
/// Every candidate has the same inline cache: ``_cacheSlot``, the slot where the instance it
/// gives is kept, as the type it gives; a top-level resolve reads it without knowing which
/// kind of candidate it has (``cachedInstance(as:)``).
// NB: @unchecked because the class is not final; its subclasses add only immutable lets.
@usableFromInline package class AnyCandidate: @unchecked Sendable {
    /// Whether this candidate is a component resolved as its own type (a `ComponentBox`),
    /// not a `Candidate<T>`: stored, so that ``instance(as:in:)`` needs no dynamic cast.
    @usableFromInline final let _isComponent: Bool
    /// Bits 0, 3 and 6: ``_isReferenceType``, ``_cacheSlotIsClearable``,
    /// ``_keepsObjectAndWitness``; a component's other bits are its own (``Component``).
    @usableFromInline final let _flags: UInt8
    /// A component's ``Component/registrationID``, in the bytes the flags leave free before
    /// ``_cacheSlot`` (the high 16 bits of 48, then the low 32); 0 for a `Candidate<T>`.
    @usableFromInline final let _registrationIDHigh: UInt16
    @usableFromInline final let _registrationIDLow: UInt32
    /// The set-once or clearable slot that keeps the instance this candidate gives, when there
    /// is one: a component's lifetime's, or a `Candidate<T>`'s own, which keeps its component's
    /// instance converted.
    ///
    /// The bits of an unretained ``UnsafeObjectWord`` (``_cacheSlotIsClearable`` tells which), 0
    /// for none: one word for either. Unretained: the component's `lifetimeState`, or the
    /// candidate, keeps it alive, and a strong read would retain it.
    @usableFromInline final let _cacheSlot: UInt

    init(isComponent: Bool, flags: UInt8 = 0, registrationID: Int = 0, cacheSlot: UInt = 0) {
        self._isComponent = isComponent
        self._flags = flags
        self._registrationIDHigh = UInt16(truncatingIfNeeded: registrationID >> 32)
        self._registrationIDLow = UInt32(truncatingIfNeeded: registrationID)
        self._cacheSlot = cacheSlot
    }

    /// Whether instances are class instances (cached as themselves, not boxed).
    @inlinable final var _isReferenceType: Bool { _flags & 1 != 0 }
    /// Whether ``_cacheSlot`` is a ``ClearableSlot`` (otherwise an ``InstanceSlot``).
    @inlinable final var _cacheSlotIsClearable: Bool { _flags & 8 != 0 }
    /// Whether this is a `Candidate<T>` of a class-bound existential `T` with one witness table
    /// whose ``_cacheSlot`` keeps the object alone, its witness table kept by the candidate
    /// (``UnsafeInstanceBoxing/split(_:)``); never a component.
    @inlinable final var _keepsObjectAndWitness: Bool { _flags & 0x40 != 0 }

    /// The set-once slot, when the instance is kept in one: a hit then reads it inline,
    /// without calling the strategy.
    @inlinable final var permanentSlot: UnsafeObjectWord<InstanceSlot>? {
        guard let slot = unsafe UnsafeObjectWord<InstanceSlot>(nonzero: _cacheSlot), !_cacheSlotIsClearable else { return nil }
        return unsafe slot
    }
    /// The clearable slot, when the instance is kept in one: a hit then reads it inline,
    /// without a lock and without calling the strategy.
    @inlinable final var clearableSlot: UnsafeObjectWord<ClearableSlot>? {
        guard let slot = unsafe UnsafeObjectWord<ClearableSlot>(nonzero: _cacheSlot), _cacheSlotIsClearable else { return nil }
        return unsafe slot
    }

    /// The instance ``_cacheSlot`` already keeps, as the `T` of the binding that holds this
    /// candidate, read inline; `nil` otherwise.
    // NB: unchecked: the slot holds what `UnsafeInstanceBoxing.box` made of a `T` (with
    // `_isReferenceType`), as the candidate is asked as that type only (`instance(as:in:)`).
    @inlinable @inline(__always) final func cachedInstance<T>(as _: T.Type) -> T? {
        // NB: the tests of `_keepsObjectAndWitness` are folded away where `T` is known not to
        // be a class-bound existential of two words.
        if UnsafeInstanceBoxing.mayBeObjectAndWitness(T.self) && _keepsObjectAndWitness { return cachedObjectAndWitness(as: T.self) }
        if let slot = unsafe permanentSlot, let object = unsafe slot.withObject({ unsafe $0.storedObject }) {
            return unsafe UnsafeInstanceBoxing.unbox(borrowing: object, as: T.self, isReferenceType: _isReferenceType)
        }
        if let slot = unsafe clearableSlot, let object = unsafe slot.withObject({ unsafe $0.retainedObject() }) {
            return unsafe UnsafeInstanceBoxing.unbox(consuming: object, as: T.self, isReferenceType: _isReferenceType)
        }
        return nil
    }

    /// ``cachedInstance(as:)`` of a candidate that keeps objects apart from their witness table.
    // NB: out of line: inlined, it grows the hit of a protocol's other candidates past what the
    // optimizer inlines into the caller.
    @inlinable @inline(never) final func cachedObjectAndWitness<T>(as _: T.Type) -> T? {
        let object: AnyObject
        if let slot = unsafe permanentSlot, let stored = unsafe slot.withObject({ unsafe $0.storedObject }) {
            object = unsafe stored.object
        } else if let slot = unsafe clearableSlot, let retained = unsafe slot.withObject({ unsafe $0.retainedObject() }) {
            object = unsafe retained.takeRetained()
        } else {
            return nil
        }
        // NB: unchecked: only a `Candidate<T>`, an `ExposedCandidate`, sets the flag (its witness
        // table kept by the candidate); read through the class that is not generic, so that no
        // metadata of `Candidate<T>` is looked up.
        let witness = unsafe UnsafeCast.downcast(self, to: ExposedCandidate.self)._witness.load(ordering: .acquiring)
        return unsafe UnsafeInstanceBoxing.join(object, witness, as: T.self)
    }

    /// The component whose instances this candidate gives.
    var component: Component { preconditionFailure("subclasses override component") }

    /// The type this candidate gives (the `T` of its binding): what the observers are told a
    /// top-level resolve through it resolved.
    var resolvedType: Any.Type { preconditionFailure("subclasses override resolvedType") }

    /// The instance this candidate gives, as the type `T` of the binding that holds it.
    // NB: unchecked: a candidate is made as the type of the binding that holds it, and is
    // asked as that type only (the binding under `T`'s key holds components of type `T`,
    // which are `ComponentBox<T>`s, and `Candidate<T>`s).
    @inlinable @inline(__always) final func instance<T>(as type: T.Type, in context: inout ResolutionContext) throws(DIError) -> T {
        if _isComponent { return unsafe try UnsafeCast.downcast(self, to: ComponentBox<T>.self).instance(in: &context) }
        return unsafe try UnsafeCast.downcast(self, to: Candidate<T>.self).instance(in: &context)
    }
}
