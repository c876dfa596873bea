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

        /// Whether the holder's build looks the dependency up: `false` for a `Lazy` or
        /// `Provider` (resolved later, in a resolve of its own), an argument (given to the
        /// resolve) and the resolver (the resolving container).
        var isLookedUpByTheBuild: Bool {
            switch self {
            case .initializer, .property, .many: true
            case .lazy, .provider, .argument, .resolver: false
            }
        }

        /// Whether the holder keeps what the dependency resolves: `false` for a `Provider`,
        /// which resolves anew on every call, so its holder captures nothing.
        var keepsWhatItResolves: Bool {
            switch self {
            case .initializer, .property, .lazy, .many, .argument, .resolver: true
            case .provider: false
            }
        }
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
    var qualifier: Qualifier? { rare?.qualifier }
    /// The qualifier and the problem, which few dependencies have; `nil` for most.
    ///
    /// NB: one optional object, not the two optional enums in place: a dependency is copied
    /// at each first build of its component, and a `Qualifier?` and a `String?` were copied
    /// and destroyed through outlined value operations each time.
    private let rare: Rare?
    private final class Rare: Sendable {
        let qualifier: Qualifier?
        let problem: String?
        init(qualifier: Qualifier?, problem: String?) {
            self.qualifier = qualifier
            self.problem = problem
        }
    }
    /// The wrappers around ``type``, outermost first, three bits each, their count in the top
    /// four bits: a dependency is copied often at registration, and an array would be
    /// retained with every copy.
    private let wrapperBits: UInt32
    /// How many wrappers ``wrapperBits`` holds at most.
    private static let maxWrappers = 9
    /// The wrappers around ``type``, outermost first (`[Lazy<T>]` is `[.many, .lazy]`).
    var wrappers: [Wrapper] { (0..<wrapperBits >> 28).map(wrapper(at:)) }
    /// The wrapper at `index` of ``wrappers``, read from the packed bits.
    private func wrapper(at index: UInt32) -> Wrapper { Wrapper.all[Int((wrapperBits >> (3 * index)) & 7)] }
    /// Whether this is an `Argument<T>`, given to the resolve.
    let isArgument: Bool
    /// Whether this is a property injection's dependency (else an initializer parameter).
    let isProperty: Bool
    /// Whether this is a `DIContainer` parameter: the resolving container, not looked up.
    let isResolver: Bool
    /// Why the shape means nothing, if it does not.
    var problem: String? { rare?.problem }

    /// A dependency on `type` resolved as itself: no qualifier, no wrapper.
    @usableFromInline init(_plain type: Any.Type) { self.init(type: type) }

    init(
        type: Any.Type, qualifier: Qualifier? = nil, wrappers: [Wrapper] = [], isArgument: Bool = false, isProperty: Bool = false,
        isResolver: Bool = false, problem: String? = nil
    ) {
        self.type = type
        self.rare = qualifier == nil && problem == nil ? nil : Rare(qualifier: qualifier, problem: problem)
        var bits: UInt32 = 0
        if !wrappers.isEmpty {
            let count = min(wrappers.count, Self.maxWrappers)
            bits = UInt32(count) << 28
            for index in 0..<count { bits |= UInt32(Wrapper.all.firstIndex(of: wrappers[index])!) << (3 * UInt32(index)) }
        }
        self.wrapperBits = bits
        self.isArgument = isArgument
        self.isProperty = isProperty
        self.isResolver = isResolver
    }

    /// The timing and lookup that matter most: an argument, else the outermost `Lazy` or
    /// `Provider` (used later), else `many`, else where it is taken.
    var kind: Kind {
        if isArgument { return .argument }
        if isResolver { return .resolver }
        for index in 0..<wrapperBits >> 28 {
            switch wrapper(at: index) {
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
        for index in 0..<wrapperBits >> 28 where self.wrapper(at: index) == wrapper { return true }
        return false
    }

    /// The dependencies a factory's getters take, in parameter order.
    // NB: @inlinable, so that the caller's parameter pack is specialized: unspecialized, each
    // dependency is copied through value witnesses.
    @inlinable static func recorded<each Value>(by getters: repeat DependencyGetter<each Value>) -> [Dependency] {
        var dependencies: [Dependency] = []
        for getter in repeat each getters { dependencies.append(getter.dependency) }
        return dependencies
    }

    /// The same dependency inside one more wrapper.
    func wrapped(in wrapper: Wrapper) -> Dependency {
        with(wrappers: [wrapper] + wrappers, problem: wrappers.count >= Self.maxWrappers ? "wrappers nest too deep to mean anything" : nil)
    }

    /// The same dependency taken by a property injection.
    func asProperty() -> Dependency { with(isProperty: true) }

    /// The same dependency, recorded as meaning nothing for `reason`.
    func meaningless(_ reason: String) -> Dependency { with(problem: reason) }

    /// This dependency with other `wrappers`, `isProperty`, or a `problem` if it has none yet.
    private func with(wrappers: [Wrapper]? = nil, isProperty: Bool? = nil, problem: String? = nil) -> Dependency {
        Dependency(
            type: type, qualifier: qualifier, wrappers: wrappers ?? self.wrappers, isArgument: isArgument,
            isProperty: isProperty ?? self.isProperty, isResolver: isResolver, problem: self.problem ?? problem)
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
    /// (`many lazy`), or else its ``kind`` (`initializer`, `property`, `argument`).
    var label: String {
        let words = wrappers.filter { $0 != .optional }.map(\.rawValue)
        return words.isEmpty ? kind.rawValue : words.joined(separator: " ")
    }

    @usableFromInline
    var description: String { "\(isProperty ? "property" : "initializer") \(shape)" + (qualifier.map { " (\($0))" } ?? "") }
}
