/// One dependency of a component, recorded at registration so validation and the graph
/// export never run a factory.
///
/// A dependency is a shape over one looked-up type: `T`, or `T` wrapped in any nesting of
/// `[ ]`, `?`, `Lazy`, `Provider` and `Tagged` (which sets the qualifier). One rule composes
/// them: each wrapper applies to what is inside it, and `[ ]` asks the innermost lookup for
/// every component that fits, then takes each one in the shape of the element (`[Lazy<P>]`
/// is one `Lazy` per component of `P`). Shapes that mean nothing (`[[P]]`, two tags, an
/// `Argument` inside a wrapper) are recorded with their ``problem``: validation reports it
/// and a resolve fails with it.
@usableFromInline
package struct Dependency: Sendable, CustomStringConvertible {
    /// How a dependency is taken, as far as its timing and lookup go.
    enum Kind: String, Sendable {
        /// An initializer parameter of the component's type.
        case initializer
        /// A property injected after creation.
        case property
        /// A `Lazy<T>`, resolved on first use.
        case lazy
        /// A `Provider<T>`, resolved on every call.
        case provider
        /// An array: every component of the type.
        case many
        /// An `Argument<T>`: given to the resolve, not looked up in the container.
        case argument
        /// A `DIContainer`: the container resolving the component, not looked up.
        case resolver
    }

    /// One wrapper around the looked-up type.
    enum Wrapper: String, Sendable {
        /// `T?`: `nil` when nothing fits.
        case optional
        /// `[T]`: every component that fits.
        case many
        /// `Lazy<T>`: resolved on first use.
        case lazy
        /// `Provider<T>`: resolved on every call.
        case provider

        /// Every wrapper, in the order of their codes in ``Dependency/wrapperBits``.
        static let all: [Wrapper] = [.optional, .many, .lazy, .provider]
    }

    /// The type looked up in the container (the innermost type of the shape).
    let type: Any.Type
    /// The name or tag asked for, if any.
    let qualifier: Qualifier?
    /// The wrappers around ``type``, outermost first, three bits each, their count in the top
    /// four bits: a dependency is copied often at registration, and an array would be
    /// retained with every copy.
    private let wrapperBits: UInt32
    /// How many wrappers ``wrapperBits`` holds at most.
    private static let maxWrappers = 9
    /// The wrappers around ``type``, outermost first (`[Lazy<T>]` is `[.many, .lazy]`).
    var wrappers: [Wrapper] {
        (0..<Int(wrapperBits >> 28)).map { Wrapper.all[Int((wrapperBits >> (3 * UInt32($0))) & 7)] }
    }
    /// Whether this is an `Argument<T>`, given to the resolve.
    let isArgument: Bool
    /// Whether this is a property injection's dependency (else an initializer parameter).
    let isProperty: Bool
    /// Whether this is a `DIContainer` parameter: the resolving container, not looked up.
    let isResolver: Bool
    /// Why the shape means nothing, if it does not.
    let problem: String?

    init(
        type: Any.Type,
        qualifier: Qualifier? = nil,
        wrappers: [Wrapper] = [],
        isArgument: Bool = false,
        isProperty: Bool = false,
        isResolver: Bool = false,
        problem: String? = nil
    ) {
        self.type = type
        self.qualifier = qualifier
        var bits: UInt32 = 0
        if !wrappers.isEmpty {
            let count = min(wrappers.count, Self.maxWrappers)
            bits = UInt32(count) << 28
            for index in 0..<count {
                bits |= UInt32(Wrapper.all.firstIndex(of: wrappers[index])!) << (3 * UInt32(index))
            }
        }
        self.wrapperBits = bits
        self.isArgument = isArgument
        self.isProperty = isProperty
        self.isResolver = isResolver
        self.problem = problem
    }

    /// The timing and lookup that matter most: an argument, else the outermost `Lazy` or
    /// `Provider` (used later), else `many`, else where it is taken.
    var kind: Kind {
        if isArgument { return .argument }
        if isResolver { return .resolver }
        guard wrapperBits != 0 else { return isProperty ? .property : .initializer }
        for index in 0..<(wrapperBits >> 28) {
            switch Wrapper.all[Int((wrapperBits >> (3 * index)) & 7)] {
            case .lazy: return .lazy
            case .provider: return .provider
            default: continue
            }
        }
        if isMany { return .many }
        return isProperty ? .property : .initializer
    }

    /// Whether a missing component becomes `nil` instead of an error.
    var isOptional: Bool { has(.optional) }

    /// Whether every fitting component is taken (`[T]` somewhere in the shape), so that none
    /// fitting is not an error.
    var isMany: Bool { has(.many) }

    /// Whether the lookup happens later than the build of the holder (a `Lazy` or `Provider`).
    var isDeferred: Bool { has(.lazy) || has(.provider) }

    /// Whether `wrapper` is one of the wrappers.
    private func has(_ wrapper: Wrapper) -> Bool {
        guard wrapperBits != 0 else { return false }
        let code = UInt32(Wrapper.all.firstIndex(of: wrapper)!)
        for index in 0..<(wrapperBits >> 28) where (wrapperBits >> (3 * index)) & 7 == code { return true }
        return false
    }

    /// The dependencies a factory's getters take, in parameter order.
    // NB: @inlinable, so that the caller's parameter pack is specialized: unspecialized, each
    // dependency is copied through value witnesses.
    @inlinable
    static func recorded<each Value>(by getters: repeat DependencyGetter<each Value>) -> [Dependency] {
        var dependencies: [Dependency] = []
        for getter in repeat each getters {
            dependencies.append(getter.dependency)
        }
        return dependencies
    }

    /// The same dependency inside one more wrapper.
    func wrapped(in wrapper: Wrapper) -> Dependency {
        Dependency(
            type: type, qualifier: qualifier, wrappers: [wrapper] + wrappers, isArgument: isArgument,
            isProperty: isProperty, isResolver: isResolver,
            problem: problem ?? (wrappers.count >= Self.maxWrappers ? "wrappers nest too deep to mean anything" : nil))
    }

    /// The same dependency taken by a property injection.
    func asProperty() -> Dependency {
        Dependency(
            type: type, qualifier: qualifier, wrappers: wrappers, isArgument: isArgument, isProperty: true,
            isResolver: isResolver, problem: problem)
    }

    /// The same dependency, recorded as meaning nothing for `reason`.
    func meaningless(_ reason: String) -> Dependency {
        Dependency(
            type: type, qualifier: qualifier, wrappers: wrappers, isArgument: isArgument, isProperty: isProperty,
            isResolver: isResolver, problem: problem ?? reason)
    }

    /// The shape in Swift's spelling, such as `[Lazy<Cat>]`.
    var shape: String {
        var text = String(reflecting: type)
        if isArgument { text = "Argument<\(text)>" }
        for wrapper in wrappers.reversed() {
            switch wrapper {
            case .optional: text += "?"
            case .many: text = "[\(text)]"
            case .lazy: text = "Lazy<\(text)>"
            case .provider: text = "Provider<\(text)>"
            }
        }
        return text
    }

    /// A short label of the shape for the graph export: its non-optional wrappers
    /// (`many lazy`), or where it is taken (`initializer`, `property`, `argument`).
    var label: String {
        let words = wrappers.filter { $0 != .optional }.map(\.rawValue)
        if !words.isEmpty { return words.joined(separator: " ") }
        return isArgument ? Kind.argument.rawValue : (isProperty ? Kind.property : Kind.initializer).rawValue
    }

    @usableFromInline
    package var description: String {
        "\(isProperty ? "property" : "initializer") \(shape)" + (qualifier.map { " (\($0))" } ?? "")
    }
}

/// How one initializer parameter or injected property of type `Value` is obtained.
///
/// Besides ``get``, a getter can take its shape over one given component (``getPinned``)
/// and list the components its innermost lookup fits (``candidates``): that is how `[ ]`
/// composes with what is inside it.
@usableFromInline
struct DependencyGetter<Value>: Sendable {
    @usableFromInline
    let dependency: Dependency
    @usableFromInline
    let get: @Sendable (inout ResolutionContext) throws(DIError) -> Value
    /// How a wrapper getter composes inside `[ ]` (a `Composition<Value>`).
    ///
    /// `nil` for a type resolved as itself, which needs none. An object, not two optional
    /// closures: generic optional fields cost metadata look-ups whenever a getter is copied
    /// at registration.
    private let composition: (any AnyObject & Sendable)?

    /// The value with the innermost lookup settled on one candidate (a `Candidate<T>` of the
    /// innermost type, from ``candidates``).
    var getPinned: @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value {
        if let composition { return unsafeDowncast(composition, to: Composition<Value>.self).pinned }
        return { (context, candidate) throws(DIError) -> Value in
            try unsafeDowncast(candidate, to: Candidate<Value>.self).instance(in: &context)
        }
    }

    /// Every candidate the innermost lookup fits, as `Candidate<T>` objects.
    var candidates: @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable] {
        if let composition { return unsafeDowncast(composition, to: Composition<Value>.self).candidates }
        let qualifier = dependency.qualifier
        return { (context) throws(DIError) -> [any AnyObject & Sendable] in
            context.candidates(of: Value.self, qualifier: qualifier)
        }
    }

    /// A getter of a type resolved as itself, or of a shape no enclosing `[ ]` takes apart
    /// (`[T]` itself, `Argument`).
    init(
        _ dependency: Dependency,
        _ get: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> Value
    ) {
        self.dependency = dependency
        self.get = get
        self.composition = nil
    }

    init(
        _ dependency: Dependency,
        _ get: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> Value,
        pinned: @escaping @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value,
        candidates: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]
    ) {
        self.dependency = dependency
        self.get = get
        self.composition = Composition(pinned: pinned, candidates: candidates)
    }

    /// The getter for a parameter of type `Value`.
    ///
    /// A wrapper type (`T?`, `[T]`, `Lazy<T>`, `Provider<T>`, `Tagged<Tag, T>`) knows how it is
    /// obtained; any other type is resolved. Runs once per parameter at registration, never
    /// per resolve.
    @usableFromInline
    static func make() -> DependencyGetter<Value> {
        if let wrapper = Value.self as? any DependencyWrapper.Type {
            return getter(of: wrapper, in: DependencyPosition())
        }
        if Value.self == DIContainer.self {
            // NB: unsafeBitCast between two spellings of one type: `Value` is `DIContainer`.
            return unsafeBitCast(DependencyGetter<DIContainer>.resolver, to: DependencyGetter<Value>.self)
        }
        return DependencyGetter(Dependency(type: Value.self)) { (context) throws(DIError) -> Value in
            try context.resolve(Value.self)
        }
    }

    /// The getter for `Value` at `position` in an enclosing shape.
    static func make(in position: DependencyPosition) -> DependencyGetter<Value> {
        if let wrapper = Value.self as? any DependencyWrapper.Type {
            return getter(of: wrapper, in: position)
        }
        return plain(qualifier: position.qualifier)
    }

    /// The getter of a type resolved as itself, with `qualifier`.
    static func plain(qualifier: Qualifier?) -> DependencyGetter<Value> {
        guard let qualifier else {
            return DependencyGetter(Dependency(type: Value.self)) { (context) throws(DIError) -> Value in
                try context.resolve(Value.self)
            }
        }
        return DependencyGetter(Dependency(type: Value.self, qualifier: qualifier)) { (context) throws(DIError) -> Value in
            try context.resolve(Value.self, qualifier: qualifier)
        }
    }

    /// A getter for a shape that means nothing: it fails with `reason`, and validation says so.
    static func meaningless(_ dependency: Dependency, _ reason: String) -> DependencyGetter<Value> {
        let recorded = dependency.meaningless(reason)
        let fail = { @Sendable (context: inout ResolutionContext) throws(DIError) -> Never in
            throw context.error(.unsupportedDependency(recorded.problem ?? reason), requested: Value.self)
        }
        return DependencyGetter(
            recorded, { (context) throws(DIError) -> Value in try fail(&context) },
            pinned: { (context, _) throws(DIError) -> Value in try fail(&context) },
            candidates: { (context) throws(DIError) -> [any AnyObject & Sendable] in try fail(&context) })
    }

    /// The same getter with its innermost lookup settled on `candidate`.
    func pinned(to candidate: any AnyObject & Sendable) -> DependencyGetter<Value> {
        let getPinned = self.getPinned
        return DependencyGetter(
            dependency, { (context) throws(DIError) -> Value in try getPinned(&context, candidate) },
            pinned: { (context, _) throws(DIError) -> Value in try getPinned(&context, candidate) },
            candidates: { _ throws(DIError) -> [any AnyObject & Sendable] in [candidate] })
    }

    private static func getter<W: DependencyWrapper>(of wrapper: W.Type, in position: DependencyPosition) -> DependencyGetter<Value> {
        // NB: unsafeBitCast: `W` is `Value`, opened from the existential metatype by `make()`,
        // so the getter's type is `DependencyGetter<Value>` already; the cast only names it.
        unsafeBitCast(W.dependencyGetter(in: position), to: DependencyGetter<Value>.self)
    }
}

/// How a wrapper getter of `Value` composes inside `[ ]`.
final class Composition<Value>: Sendable {
    let pinned: @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value
    let candidates: @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]

    init(
        pinned: @escaping @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value,
        candidates: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]
    ) {
        self.pinned = pinned
        self.candidates = candidates
    }
}

/// Where a type stands in a dependency's shape: what encloses it decides what it may be.
struct DependencyPosition: Sendable {
    /// The name or tag an enclosing `Tagged` set, if any.
    var qualifier: Qualifier?
    /// Whether a wrapper encloses it (an `Argument` must be a parameter itself).
    var isNested = false
    /// Whether an enclosing `[ ]` takes every component already.
    var isInsideMany = false

    /// The position of what a wrapper wraps.
    func inside(many: Bool = false) -> DependencyPosition {
        DependencyPosition(qualifier: qualifier, isNested: true, isInsideMany: isInsideMany || many)
    }
}

/// A parameter type that is not resolved as itself but says how it is obtained.
protocol DependencyWrapper {
    /// The getter of this shape at `position` in an enclosing shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self>
}

extension DependencyWrapper {
    /// The getter of this shape as a parameter of its own.
    static var dependencyGetter: DependencyGetter<Self> { dependencyGetter(in: DependencyPosition()) }
}

extension Optional: DependencyWrapper {
    /// `nil` when nothing fits; a component that exists but fails is still an error.
    ///
    /// Around a `Lazy` or a `Provider` (`Lazy<T>?`), whether something fits is asked now,
    /// without building it.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Wrapped>.make(in: position.inside())
        let dependency = inner.dependency.wrapped(in: .optional)
        let innerGet = inner.get
        let get: @Sendable (inout ResolutionContext) throws(DIError) -> Self
        if inner.dependency.isDeferred && !inner.dependency.isMany {
            let lookedUp = inner.dependency
            get = { (context) throws(DIError) -> Self in
                context.anyFits(lookedUp.type, qualifier: lookedUp.qualifier) ? try innerGet(&context) : nil
            }
        } else {
            get = { (context) throws(DIError) -> Self in
                do throws(DIError) {
                    return try innerGet(&context)
                } catch  where error.code == .notRegistered && error.path.count == context.path.count {
                    return nil
                }
            }
        }
        let innerPinned = inner.getPinned
        return DependencyGetter(
            dependency, get,
            pinned: { (context, candidate) throws(DIError) -> Self in try innerPinned(&context, candidate) },
            candidates: inner.candidates)
    }
}

extension Array: DependencyWrapper {
    /// Every component that fits the element's innermost lookup, in registration order, each
    /// taken in the element's shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Element>.make(in: position.inside(many: true))
        let dependency = inner.dependency.wrapped(in: .many)
        if position.isInsideMany || inner.dependency.isMany {
            return .meaningless(dependency, "an array of arrays has no meaning; take [T]")
        }
        if inner.dependency.problem != nil { return .meaningless(dependency, inner.dependency.problem!) }
        if !(Element.self is any DependencyWrapper.Type) {
            let qualifier = inner.dependency.qualifier
            return DependencyGetter(dependency) { (context) throws(DIError) -> Self in
                try context.resolveAll(Element.self, qualifier: qualifier)
            }
        }
        let candidates = inner.candidates
        let pinned = inner.getPinned
        return DependencyGetter(dependency) { (context) throws(DIError) -> Self in
            var values: [Element] = []
            for candidate in try candidates(&context) {
                do throws(DIError) {
                    values.append(try pinned(&context, candidate))
                } catch  where context.isUnavailableHere(error) {
                    // A factory that returned nil: that component is not available, and left out.
                }
            }
            return values
        }
    }
}

/// A property injection or post-initialization action of a component whose instances are `T`.
@usableFromInline
struct Injection<T>: Sendable {
    /// When an injection runs: property injections first, then post-initialization actions.
    enum Stage: Sendable {
        /// A property injection: run once the graph exists.
        case property
        /// A `postInit` action: run once every property injection of the resolve has run.
        case postInit
    }

    let dependencies: [Dependency]
    let stage: Stage
    /// The synchronous action; `nil` for an async one.
    let apply: (@Sendable (T, inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, run only by an awaited resolve.
    let applyAsync: (@Sendable (T, inout ResolutionContext) async throws(DIError) -> Void)?

    init(
        dependencies: [Dependency],
        stage: Stage = .property,
        apply: @escaping @Sendable (T, inout ResolutionContext) throws(DIError) -> Void
    ) {
        self.dependencies = dependencies
        self.stage = stage
        self.apply = apply
        self.applyAsync = nil
    }

    init(
        dependencies: [Dependency],
        stage: Stage = .property,
        applyAsync: @escaping @Sendable (T, inout ResolutionContext) async throws(DIError) -> Void
    ) {
        self.dependencies = dependencies
        self.stage = stage
        self.apply = nil
        self.applyAsync = applyAsync
    }
}

/// The registration's record of an injection, before its component type is erased.
struct AnyInjection: Sendable {
    let dependencies: [Dependency]
    /// Whether the injection must be awaited.
    let isAsync: Bool
    /// An `Injection<T>` of the registration's `T`.
    let typed: any Sendable

    init<T>(_ injection: Injection<T>) {
        self.dependencies = injection.dependencies
        self.isAsync = injection.apply == nil
        self.typed = injection
    }
}

extension DependencyGetter where Value == DIContainer {
    /// The getter of a `DIContainer` parameter: the container resolving the component.
    ///
    /// That is the current point of view. A resolve called on it inside the factory joins the
    /// resolve in progress; the factory holds the container only while it runs.
    static var resolver: DependencyGetter<DIContainer> {
        DependencyGetter(Dependency(type: DIContainer.self, isResolver: true)) { (context) throws(DIError) -> DIContainer in
            context.origin
        }
    }
}
