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
@usableFromInline struct Dependency: Sendable, CustomStringConvertible {
    /// What gives the value of a dependency the container does not look up.
    enum Given: String, Sendable {
        /// An `Argument<T>`: given to the resolve.
        case argument
        /// A `DIContainer`: the container resolving the component.
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

        /// Whether this wrapper makes its shape read later than its holder's build (`Lazy`,
        /// `Provider`).
        var isDeferred: Bool { self == .lazy || self == .provider }
    }

    /// The type looked up in the container (the innermost type of the shape).
    let type: Any.Type
    /// The name or tag asked for, if any.
    var qualifier: Qualifier? { rare?.qualifier }
    /// The wrappers around ``type``, outermost first (`[Lazy<T>]` is `[.many, .lazy]`).
    var wrappers: [Wrapper] { rare?.wrappers ?? [] }
    /// Why the shape means nothing, if it does not.
    var problem: String? { rare?.problem }
    /// The qualifier, the wrappers and the problem, which few dependencies have; `nil` for most.
    ///
    /// NB: one optional object, not the fields in place: a dependency is copied at each first
    /// build of its component, and a `Qualifier?`, an array and a `String?` were copied and
    /// destroyed through outlined value operations each time.
    private let rare: Rare?
    private final class Rare: Sendable {
        let qualifier: Qualifier?
        let wrappers: [Wrapper]
        let problem: String?
        init(qualifier: Qualifier?, wrappers: [Wrapper], problem: String?) {
            self.qualifier = qualifier
            self.wrappers = wrappers
            self.problem = problem
        }
    }
    /// What gives the value when the container does not look it up; `nil` for a dependency
    /// looked up.
    let given: Given?
    /// Whether this is a property injection's dependency (else an initializer parameter).
    let isProperty: Bool
    /// Whether the holder's build looks the dependency up: `false` for a `Lazy` or `Provider`
    /// (resolved later, in a resolve of its own), an argument (given to the resolve) and the
    /// resolver (the resolving container).
    ///
    /// NB: stored, not read from ``given`` and the wrappers: it keeps ``DependencyGetter`` at
    /// seven stored fields. The optimizer splits a struct of six or fewer into its fields, and
    /// the unspecialized awaited path then destroys a getter's `Composition<Value>?` through
    /// `Optional`'s metadata, looked up on each resolve; a getter of seven it destroys whole
    /// (the benchmark's `awaited.asyncGraph` and `awaited.request` rows show it).
    let isLookedUpByTheBuild: Bool
    /// Whether this is an `Argument<T>`, given to the resolve.
    var isArgument: Bool { given == .argument }

    /// A dependency on `type` resolved as itself: no qualifier, no wrapper.
    @usableFromInline init(_plain type: Any.Type) { self.init(type: type) }

    init(
        type: Any.Type, qualifier: Qualifier? = nil, wrappers: [Wrapper] = [], given: Given? = nil, isProperty: Bool = false,
        problem: String? = nil
    ) {
        self.type = type
        let isPlain = qualifier == nil && wrappers.isEmpty && problem == nil
        self.rare = isPlain ? nil : Rare(qualifier: qualifier, wrappers: wrappers, problem: problem)
        self.given = given
        self.isProperty = isProperty
        self.isLookedUpByTheBuild = given == nil && !wrappers.contains { $0.isDeferred }
    }

    /// Whether a missing component becomes `nil` instead of an error.
    var isOptional: Bool { rare?.wrappers.contains(.optional) ?? false }

    /// Whether every fitting component is taken (`[T]` somewhere in the shape), so that none
    /// fitting is not an error.
    var isMany: Bool { rare?.wrappers.contains(.many) ?? false }

    /// Whether the lookup happens later than the build of the holder (a `Lazy` or `Provider`).
    var isDeferred: Bool { rare?.wrappers.contains { $0.isDeferred } ?? false }

    /// The dependencies a factory's getters take, in parameter order.
    // NB: @inlinable, so that the caller's parameter pack is specialized: unspecialized, each
    // dependency is copied through value witnesses.
    @inlinable static func recorded<each Value>(by getters: repeat DependencyGetter<each Value>) -> [Dependency] {
        var dependencies: [Dependency] = []
        for getter in repeat each getters { dependencies.append(getter.dependency) }
        return dependencies
    }

    /// The same dependency inside one more wrapper.
    func wrapped(in wrapper: Wrapper) -> Dependency { with(wrappers: [wrapper] + wrappers) }

    /// This dependency with other `wrappers`, `isProperty` (`true`: taken by a property
    /// injection), or a `problem` if it has none yet.
    func with(wrappers: [Wrapper]? = nil, isProperty: Bool? = nil, problem: String? = nil) -> Dependency {
        Dependency(
            type: type, qualifier: qualifier, wrappers: wrappers ?? self.wrappers, given: given, isProperty: isProperty ?? self.isProperty,
            problem: self.problem ?? problem)
    }

    /// The shape in Swift's spelling, such as `[Lazy<Cat>]`.
    var shape: String {
        var text = readableName(of: type)
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
    /// (`many lazy`), or else how it is taken (`argument`, `resolver`, `property`,
    /// `initializer`).
    var label: String {
        let words = wrappers.filter { $0 != .optional }.map(\.rawValue)
        if !words.isEmpty { return words.joined(separator: " ") }
        return given?.rawValue ?? (isProperty ? "property" : "initializer")
    }

    @usableFromInline
    var description: String { "\(isProperty ? "property" : "initializer") \(shape)" + (qualifier.map { " (\($0))" } ?? "") }
}
