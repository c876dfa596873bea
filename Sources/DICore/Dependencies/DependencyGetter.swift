/// How one initializer parameter or injected property of type `Value` is obtained.
///
/// Besides ``get``, a getter can be settled on one candidate of its innermost lookup
/// (``pinned(to:)``): that is how `[ ]` composes with what is inside it, taking each
/// candidate of the innermost lookup in the shape of the element.
@usableFromInline struct DependencyGetter<Value>: Sendable {
    /// How a value is obtained within a resolve.
    @usableFromInline typealias Get = @Sendable (inout ResolutionContext) throws(DIError) -> Value

    @usableFromInline let dependency: Dependency
    /// How the value is obtained.
    ///
    /// Made on each read for a type resolved as itself, which stores no closure: the
    /// fixed-arity `register` forms never read it then (they resolve the type inline), and a
    /// closure made for them at registration would be an allocation and a release per
    /// parameter.
    @usableFromInline var get: Get {
        if let storedGet { return storedGet }
        return { (context) throws(DIError) -> Value in try context.resolve(Value.self) }
    }
    /// The closure of ``get``, or `nil` for a type resolved as itself, unqualified
    /// (`context.resolve(Value.self)`): the fixed-arity `register` forms then resolve it
    /// inline, compiled for `Value`.
    @usableFromInline let storedGet: Get?
    /// How a wrapper getter, or a getter settled on a candidate, composes inside `[ ]`.
    ///
    /// `nil` for any other getter. An object, not an optional closure and candidate: generic
    /// optional fields cost metadata look-ups whenever a getter is copied at registration.
    @usableFromInline let composition: Composition<Value>?

    /// A getter recorded as `dependency` that obtains its value with `get`; `composition` says
    /// how it composes inside `[ ]`, and is `nil` for a shape no enclosing `[ ]` takes apart
    /// (`[T]` itself, `Argument`) or a type resolved with a qualifier.
    init(_ dependency: Dependency, composition: Composition<Value>? = nil, _ get: @escaping Get) {
        self.dependency = dependency
        self.storedGet = get
        self.composition = composition
    }

    /// The getter of `Value` resolved as itself, unqualified: no closure stored (see ``get``).
    @inlinable init(_resolvingItself type: Value.Type) {
        self.dependency = Dependency(_plain: Value.self)
        self.storedGet = nil
        self.composition = nil
    }

    /// The getter for a parameter of type `Value`.
    ///
    /// A wrapper type (`T?`, `[T]`, `Lazy<T>`, `Provider<T>`, `Tagged<Tag, T>`) knows how it is
    /// obtained; any other type is resolved. Runs once per parameter when a component is first
    /// needed, never per resolve.
    // NB: @inlinable, so that the usual getter (a type resolved as itself) is made in code
    // compiled for `Value`, with no generic metadata look-up.
    @inlinable static func make() -> DependencyGetter<Value> { _makeShaped() ?? DependencyGetter(_resolvingItself: Value.self) }

    /// ``make()`` for the resolving container or a wrapper type; `nil` for any other type.
    ///
    /// A `DIContainer` parameter gets the container resolving the component: the current
    /// point of view. A resolve called on it inside the factory joins the resolve in progress;
    /// the factory holds the container only while it runs.
    @usableFromInline static func _makeShaped() -> DependencyGetter<Value>? {
        guard Value.self == DIContainer.self else { return opening(at: DependencyPosition()) }
        let resolver = DependencyGetter<DIContainer>(Dependency(type: DIContainer.self, given: .resolver)) { $0.origin }
        // NB: UnsafeCast between two spellings of one type: `Value` is `DIContainer`.
        return unsafe UnsafeCast.reinterpret(resolver, as: DependencyGetter<Value>.self)
    }

    /// The getter for `Value` at `position` in an enclosing shape.
    static func make(in position: DependencyPosition) -> DependencyGetter<Value> {
        opening(at: position) ?? plain(qualifier: position.qualifier)
    }

    /// The getter of a type resolved as itself, with `qualifier`.
    static func plain(qualifier: Qualifier?) -> DependencyGetter<Value> {
        DependencyGetter(Dependency(type: Value.self, qualifier: qualifier)) { (context) throws(DIError) -> Value in
            guard let qualifier else { return try context.resolve(Value.self) }
            return try context.resolve(Value.self, qualifier: qualifier)
        }
    }

    /// The getter of a top-level request for `Value` with `qualifier` from `origin`: the one
    /// reading of a request that every door shares.
    ///
    /// A type some component on `origin`'s chain answers with `qualifier` is resolved as
    /// itself; otherwise a wrapper (`[T]`, `T?`, `Lazy<T>`, `Provider<T>`, composed) is opened,
    /// the qualifier going to its innermost lookup (``opening(at:)``); any other type is
    /// resolved as itself, and fails as the lookup says. The synchronous resolve reaches the
    /// same getter by walking the chain (``ResolutionContext/resolve(_:qualifier:entry:)``);
    /// the awaited one needs it first, to walk the request's graph
    /// (`AwaitedDoorsTests.awaitedDoorAgreesWithTheSynchronousOne`).
    static func request(qualifier: Qualifier?, from origin: DIContainer) -> DependencyGetter<Value> {
        let answered = ResolutionContext.anyFits(Value.self, qualifier: qualifier, from: origin)
        return answered ? plain(qualifier: qualifier) : make(in: DependencyPosition(qualifier: qualifier))
    }

    /// The getter of a wrapper type `Value` at `position`; `nil` when `Value` is no wrapper.
    ///
    /// For a top-level request that no component answers itself, the position holds only the
    /// request's qualifier, which goes to the innermost lookup (`[T]` tagged is every
    /// component with that tag).
    static func opening(at position: DependencyPosition) -> DependencyGetter<Value>? {
        guard let wrapper = Value.self as? any DependencyWrapper.Type else { return nil }
        return getter(of: wrapper, in: position)
    }

    /// A getter for a shape that means nothing: it fails with `reason`, and validation says so.
    static func meaningless(_ dependency: Dependency, _ reason: String) -> DependencyGetter<Value> {
        let recorded = dependency.with(problem: reason)
        return DependencyGetter(recorded) { (context) throws(DIError) -> Value in
            throw context.error(.unsupportedDependency(recorded.problem ?? reason), requested: Value.self)
        }
    }

    /// The getter of a wrapper of `inner`'s shape, recorded as `dependency` (`inner`'s by
    /// default), whose ``get`` `wrapping` makes of a getter of the inner shape: of `inner`
    /// itself, or of `inner` settled on one candidate when `[ ]` takes the wrapper apart.
    static func wrapping<Inner>(
        _ inner: DependencyGetter<Inner>, as dependency: Dependency? = nil,
        _ wrapping: @escaping @Sendable (DependencyGetter<Inner>) -> Get
    ) -> DependencyGetter<Value> {
        let dependency = dependency ?? inner.dependency
        let composition = Composition(pinnedCandidate: inner.pinnedCandidate) { candidate in
            Self.wrapping(inner.pinned(to: candidate), as: dependency, wrapping)
        }
        return DependencyGetter(dependency, composition: composition, wrapping(inner))
    }

    /// The same getter with its innermost lookup settled on `candidate`, one of the candidates
    /// of ``dependency``'s type and qualifier (``ResolutionContext/lookUp(_:requester:from:)``).
    func pinned(to candidate: AnyCandidate) -> DependencyGetter<Value> {
        if let composition { return composition.pin(candidate) }
        return DependencyGetter(dependency, composition: Composition(pinnedCandidate: candidate) { pinned(to: $0) }) {
            (context) throws(DIError) -> Value in try candidate.instance(as: Value.self, in: &context)
        }
    }

    /// The candidate a getter made by ``pinned(to:)`` resolves; `nil` for any other getter,
    /// whose components are those its ``dependency`` is looked up to.
    var pinnedCandidate: AnyCandidate? { composition?.pinnedCandidate }

    private static func getter<W: DependencyWrapper>(of wrapper: W.Type, in position: DependencyPosition) -> DependencyGetter<Value> {
        // NB: UnsafeCast: `W` is `Value`, opened from the existential metatype by `make()`,
        // so the getter's type is `DependencyGetter<Value>` already; the cast only names it.
        unsafe UnsafeCast.reinterpret(W.dependencyGetter(in: position), as: DependencyGetter<Value>.self)
    }
}
