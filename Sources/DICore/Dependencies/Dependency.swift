/// One dependency of a component, recorded at registration so validation and the graph
/// export never run a factory.
@usableFromInline
package struct Dependency: Sendable, CustomStringConvertible {
    /// How a dependency is taken.
    package enum Kind: String, Sendable {
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

    /// The type looked up in the container (the element type for `[T]`, the wrapped type
    /// for `T?`, `Lazy<T>` and `Provider<T>`).
    package let type: Any.Type
    /// The tag asked for, if any.
    package let qualifier: Qualifier?
    /// How the dependency is taken.
    package let kind: Kind
    /// Whether a missing component becomes `nil` instead of an error.
    package let isOptional: Bool

    package init(type: Any.Type, qualifier: Qualifier? = nil, kind: Kind = .initializer, isOptional: Bool = false) {
        self.type = type
        self.qualifier = qualifier
        self.kind = kind
        self.isOptional = isOptional
    }

    /// The dependencies a factory's getters take, in parameter order.
    @usableFromInline
    static func recorded<each Value>(by getters: repeat DependencyGetter<each Value>) -> [Dependency] {
        var dependencies: [Dependency] = []
        for getter in repeat each getters {
            dependencies.append(getter.dependency)
        }
        return dependencies
    }

    /// The same dependency taken another way (a wrapper around it).
    func taken(as kind: Kind? = nil, optional: Bool? = nil) -> Dependency {
        // An initializer-kind wrapper keeps the inner kind: `Lazy<T>?` is still lazy.
        let newKind = kind ?? self.kind
        return Dependency(
            type: type, qualifier: qualifier,
            kind: self.kind == .initializer ? newKind : self.kind,
            isOptional: optional ?? isOptional)
    }

    @usableFromInline
    package var description: String {
        "\(kind.rawValue) \(String(reflecting: type))\(isOptional ? "?" : "")"
            + (qualifier.map { " (\($0))" } ?? "")
    }
}

/// How one initializer parameter or injected property of type `Value` is obtained.
@usableFromInline
package struct DependencyGetter<Value>: Sendable {
    @usableFromInline
    package let dependency: Dependency
    @usableFromInline
    package let get: @Sendable (inout ResolutionContext) throws(DIError) -> Value

    package init(
        _ dependency: Dependency,
        _ get: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> Value
    ) {
        self.dependency = dependency
        self.get = get
    }

    /// The getter for a parameter of type `Value`.
    ///
    /// A wrapper type (`T?`, `[T]`, `Lazy<T>`, `Provider<T>`, `Tagged<Tag, T>`) knows how it is
    /// obtained; any other type is resolved. Runs once per parameter at registration, never
    /// per resolve.
    @usableFromInline
    package static func make() -> DependencyGetter<Value> {
        if let wrapper = Value.self as? any DependencyWrapper.Type {
            return getter(of: wrapper)
        }
        if Value.self == DIContainer.self {
            // NB: unsafeBitCast between two spellings of one type: `Value` is `DIContainer`.
            return unsafeBitCast(DependencyGetter<DIContainer>.resolver, to: DependencyGetter<Value>.self)
        }
        return DependencyGetter(Dependency(type: Value.self)) { (context) throws(DIError) -> Value in
            try context.resolve(Value.self)
        }
    }

    private static func getter<W: DependencyWrapper>(of wrapper: W.Type) -> DependencyGetter<Value> {
        // `W` is `Value`, opened from the existential metatype.
        unsafeBitCast(W.dependencyGetter, to: DependencyGetter<Value>.self)
    }
}

/// A parameter type that is not resolved as itself but says how it is obtained.
package protocol DependencyWrapper {
    static var dependencyGetter: DependencyGetter<Self> { get }
}

extension Optional: DependencyWrapper {
    /// A missing component becomes `nil`; a component that exists but fails is still an error.
    package static var dependencyGetter: DependencyGetter<Self> {
        let inner = DependencyGetter<Wrapped>.make()
        return DependencyGetter(inner.dependency.taken(optional: true)) { (context) throws(DIError) -> Self in
            do throws(DIError) {
                return try inner.get(&context)
            } catch  where error.code == .notRegistered && error.path.count == context.path.count {
                return nil
            }
        }
    }
}

extension Array: DependencyWrapper {
    /// Every component of the element type, in registration order.
    package static var dependencyGetter: DependencyGetter<Self> {
        DependencyGetter(Dependency(type: Element.self, kind: .many)) { (context) throws(DIError) -> Self in
            try context.resolveAll(Element.self, qualifier: nil)
        }
    }
}

/// A property injection of a component whose instances are `T`.
@usableFromInline
struct Injection<T>: Sendable {
    let dependencies: [Dependency]
    let apply: @Sendable (T, inout ResolutionContext) throws(DIError) -> Void
}

/// The registration's record of an injection, before its component type is erased.
struct AnyInjection: Sendable {
    let dependencies: [Dependency]
    /// An `Injection<T>` of the registration's `T`.
    let typed: any Sendable

    init<T>(_ injection: Injection<T>) {
        self.dependencies = injection.dependencies
        self.typed = injection
    }
}

extension DependencyGetter where Value == DIContainer {
    /// The getter of a `DIContainer` parameter: the container resolving the component.
    ///
    /// That is the current point of view. A resolve called on it inside the factory joins the
    /// resolve in progress; the factory holds the container only while it runs.
    static var resolver: DependencyGetter<DIContainer> {
        DependencyGetter(Dependency(type: DIContainer.self, kind: .resolver)) { (context) throws(DIError) -> DIContainer in
            context.origin
        }
    }
}
