/// A type a registration is exposed as with `.as(_:)`, with what it takes to build that type's
/// binding (the registration's own type needs none: its component builds those).
struct Exposure: Sendable {
    let type: Any.Type
    var key: ObjectIdentifier { ObjectIdentifier(type) }
    /// Makes the candidate of a component of this registration, as this type.
    let makeCandidate: @Sendable (Component) -> AnyCandidate
    /// Whether the type is a class no instance of the registration can be, for validation.
    var isImpossible = false

    /// Another type `T` that a registration of `Source` is exposed as, through `conversion`.
    init<Source, T>(from source: Source.Type, to type: T.Type, _ conversion: ExposureConversion<Source, T>) {
        self.type = T.self
        self.makeCandidate = conversion.makeCandidate
    }
}

/// How an instance of a registration of `Source` becomes a `T` it is exposed as: made by
/// `.as(_:)` and `.as(_:_:)`, which are inlined into the registering code, so both closures
/// are compiled for the caller's types (there the conformance `.as(_:)` checks is known, and
/// its cast costs no run-time conformance look-up).
///
/// One object per exposure, made at registration; its closures capture nothing in
/// specialized code (but `.as(_:_:)`'s conversion), and `bind` makes one closure per
/// candidate, capturing its component. A top-level resolve calls `cached` for a kept
/// instance, and `bind`'s closure inside the resolve context of the caller's type
/// (`DIContainer.build(_:candidate:callerIsolation:)`).
@usableFromInline @safe final class ExposureConversion<Source, T>: Sendable {
    /// Makes the ``Candidate/Make`` of a component: a closure that builds or fetches an
    /// instance of that component and converts it, throwing
    /// ``DIError/Code-swift.struct/typeMismatch`` when it is not a `T`.
    @usableFromInline typealias Bind = @Sendable (ComponentBox<Source>) -> Candidate<T>.Make

    let bind: Bind
    let cached: Candidate<T>.Cached

    @usableFromInline init(bind: @escaping Bind, cached: @escaping Candidate<T>.Cached) {
        self.bind = bind
        self.cached = cached
    }

    /// An instance of `box` as a `T` if it is one, checked as `.as(_:)` does; inlined into the
    /// registering code.
    // NB: `is`, then `as!`, not `as?`: in code specialized for a type that conforms, the
    // optimizer folds the pair into the conformance itself; `as?` keeps a run-time
    // conformance look-up (Swift 6.3).
    @inlinable @inline(__always) static func checked(_ box: ComponentBox<Source>, _ context: inout ResolutionContext) throws(DIError) -> T {
        let value = try box.instance(in: &context)
        guard value is T else { throw mismatch(value, of: box, in: &context) }
        return value as! T
    }

    /// The instance `component` keeps, as a `T` if it is one, checked as ``checked(_:_:)``
    /// does.
    @inlinable @inline(__always) static func checked(keptBy component: Component) -> T? {
        guard let value = kept(by: component) else { return nil }
        return value is T ? (value as! T) : nil
    }

    /// The instance `component`, a component of this exposure's registration, keeps.
    // NB: unchecked: a candidate of this exposure is made of a component of its registration
    // of `Source` (a `ComponentBox<Source>`), and given only that component.
    @inlinable @inline(__always) static func kept(by component: Component) -> Source? {
        unsafe UnsafeCast.downcast(component, to: ComponentBox<Source>.self).cachedInstance()
    }

    // NB: unchecked: an exposure's maker gets only the components of its own registration of
    // `Source` (each a `ComponentBox<Source>`).
    func makeCandidate(_ component: Component) -> AnyCandidate {
        let box = unsafe UnsafeCast.downcast(component, to: ComponentBox<Source>.self)
        return Candidate<T>(box, make: bind(box), cached: cached)
    }

    /// The error of an instance of `box` that is not a `T`.
    @usableFromInline static func mismatch(_ value: Source, of box: ComponentBox<Source>, in context: inout ResolutionContext) -> DIError {
        context.error(.typeMismatch(expected: T.self, actual: type(of: value), component: box.info), requested: T.self)
    }
}
