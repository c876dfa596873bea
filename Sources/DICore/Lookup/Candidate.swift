/// A component as a way of getting a `T` other than its own type.
///
/// It keeps what a cache hit needs inline (the component's cache slot and the conversion of
/// a cached object), so a top-level resolve of `T` reads a kept instance in the caller's code
/// specialized for `T`, as a component of `T` itself is read (`ExposureTests`).
// NB: @unchecked because the class is not final; its subclasses add only immutable lets.
@usableFromInline
@safe class Candidate<T>: AnyCandidate, @unchecked Sendable {
    /// The component's cache slot, as ``ComponentBox/_cacheSlot``.
    ///
    /// The bits of an unretained ``UnsafeObjectWord`` (``_cacheSlotIsClearable`` tells which), 0 for
    /// none. The component, which the subclass keeps, keeps the slot.
    @usableFromInline
    let _cacheSlot: UInt
    @usableFromInline
    let _cacheSlotIsClearable: Bool
    /// Turns an object the component's cache holds into a `T`, consuming the one reference
    /// the word owns; `nil` when the instance is not one (the resolve then builds the
    /// candidate, which throws why).
    @usableFromInline
    let _convertCached: @Sendable (UnsafeObjectWord<AnyObject>) -> T?
    /// Builds or fetches an instance of the component and converts it, in code compiled for
    /// the registration's types (``ExposureConversion``), the component captured.
    @usableFromInline
    let _make: Make

    /// Builds or fetches an instance of the component as a `T`, throwing
    /// ``DIError/Code-swift.struct/typeMismatch`` when it is not one.
    @usableFromInline
    typealias Make = @Sendable (inout ResolutionContext) throws(DIError) -> T

    init(
        cacheOf component: Component, cacheSlot: UInt, make: @escaping Make,
        convertCached: @escaping @Sendable (UnsafeObjectWord<AnyObject>) -> T?
    ) {
        self._cacheSlot = cacheSlot
        self._cacheSlotIsClearable = component._cacheSlotIsClearable
        self._make = make
        unsafe self._convertCached = unsafe convertCached
        super.init(isComponent: false)
    }

    /// The instance the component's cache already keeps, as a `T`; `nil` otherwise.
    @inlinable @inline(__always)
    final func cachedInstance() -> T? {
        if _cacheSlot == 0 { return nil }
        if !_cacheSlotIsClearable {
            guard let object = unsafe UnsafeObjectWord<InstanceSlot>(bits: _cacheSlot).withObject({ unsafe $0.storedObject }) else {
                return nil
            }
            return unsafe _convertCached(object.retain())
        }
        guard let object = unsafe UnsafeObjectWord<ClearableSlot>(bits: _cacheSlot).withObject({ unsafe $0.retainedObject() }) else {
            return nil
        }
        return unsafe _convertCached(object)
    }

    /// The instance for this request, converted: one closure call, no dynamic dispatch.
    @inlinable @inline(__always)
    final func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        try _make(&context)
    }
}
