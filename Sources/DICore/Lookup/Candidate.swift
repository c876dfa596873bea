/// A component as a way of getting a `T` other than its own type (a component exposed as `T`).
///
/// Both ways of getting its instance are closures compiled with the registration, for the
/// component's type and `T` (``ExposureConversion``): a top-level resolve of `T` reads a kept
/// instance with one call, as a component of `T` itself is read (`ExposureTests`).
// NB: @unchecked as its superclass: every stored property is an immutable `let` of a
// Sendable type.
@usableFromInline
@safe final class Candidate<T>: AnyCandidate, @unchecked Sendable {
    @usableFromInline
    let _component: Component
    /// Builds or fetches an instance of the component and converts it.
    @usableFromInline
    let _make: Make
    /// Reads the instance the component's lifetime keeps, converted.
    @usableFromInline
    let _cached: Cached
    /// Whether the component's lifetime keeps its instance where ``_cached`` reads it (its
    /// ``ComponentBox/_cacheSlot`` is set): a top-level resolve of any other calls nothing.
    @usableFromInline
    let _hasCache: Bool

    /// Builds or fetches an instance of the component as a `T`, throwing
    /// ``DIError/Code-swift.struct/typeMismatch`` when it is not one.
    @usableFromInline
    typealias Make = @Sendable (inout ResolutionContext) throws(DIError) -> T
    /// The instance the component given (this candidate's) already keeps, as a `T`; `nil` when
    /// it keeps none, or one that is not a `T` (the resolve then builds the candidate, which
    /// throws why).
    @usableFromInline
    typealias Cached = @Sendable (Component) -> T?

    init(_ component: Component, hasCache: Bool, make: @escaping Make, cached: @escaping Cached) {
        self._component = component
        self._make = make
        self._cached = cached
        self._hasCache = hasCache
        super.init(isComponent: false)
    }

    override var component: Component { _component }
    override var resolvedType: Any.Type { T.self }

    /// The instance the component's cache already keeps, as a `T`; `nil` otherwise.
    @inlinable @inline(__always)
    func cachedInstance() -> T? {
        _hasCache ? _cached(_component) : nil
    }

    /// The instance for this request, converted: one closure call, no dynamic dispatch.
    @inlinable @inline(__always)
    func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        try _make(&context)
    }
}
