/// One problem graph validation found: its severity, what is wrong, and where.
public struct DIValidationFinding: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Comparable {
        /// The graph will not resolve as written.
        case error
        /// The graph resolves, but probably not as intended.
        case warning

        /// Whether `lhs` is less severe than `rhs`: `.warning` is below `.error`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// What kind of problem a finding is, for matching in code and tests.
    ///
    /// A struct with static members rather than an enum, so modules can add kinds without
    /// breaking a `switch` in user code.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name; modules that record notes add their own through ``module(_:)`` (in
        /// `Extending/`).
        let rawValue: String

        /// A non-optional dependency that no component provides.
        public static let missingDependency = Kind(rawValue: "missingDependency")
        /// A dependency that several components fit, with no default to choose one.
        public static let ambiguousDependency = Kind(rawValue: "ambiguousDependency")
        /// A cycle that cannot be built, or that is entered at a `.prototype` component.
        public static let cycle = Kind(rawValue: "cycle")
        /// A longer-lived component holding a shorter-lived one.
        public static let captiveDependency = Kind(rawValue: "captiveDependency")
        /// A `.weak` lifetime on a value type, which nothing can keep alive.
        public static let weakValueType = Kind(rawValue: "weakValueType")
        /// The container has a parent, so containers made later cannot be vouched for.
        public static let containerHierarchy = Kind(rawValue: "containerHierarchy")
        /// A component exposed with `.as(_:)` as a class type its instances can never be (a
        /// value type, or an unrelated class): the one exposure mistake Swift lets validation
        /// see without an instance.
        public static let impossibleExposure = Kind(rawValue: "impossibleExposure")
        /// A dependency whose shape has no meaning, such as `[[T]]` or an `Argument` inside
        /// another wrapper: every resolve of its holder fails.
        public static let unsupportedDependency = Kind(rawValue: "unsupportedDependency")
        /// A component no root reaches, when some components are marked `.root()`.
        public static let unreachable = Kind(rawValue: "unreachable")
        /// A component with `Argument` parameters taken as a dependency: a resolve reaches it
        /// with no arguments of its own, so only arguments addressed to its type
        /// (`DIArguments.for`) or a `Provider` called with arguments can build it.
        public static let argumentDependency = Kind(rawValue: "argumentDependency")
        /// A component whose factory takes the resolving container (a `DIContainer` parameter).
        ///
        /// What it resolves through it cannot be checked. A warning, so a graph that uses the
        /// resolver parameter is never mistaken for a complete one.
        public static let dynamicResolution = Kind(rawValue: "dynamicResolution")
        /// A problem a module recorded while components were registered.
        public static let note = Kind(rawValue: "note")

        /// A name for the kind, such as `missingDependency`.
        public var description: String { rawValue }
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// Whether the finding is an error or a warning.
    public let severity: Severity
    /// What is wrong.
    public let message: String
    /// The component the finding is about, if any.
    public let component: DIComponentInfo?
    /// The components from a root to the problem, outermost first.
    public let path: [DIComponentInfo]
    /// The other components involved: the candidates of an ambiguity, the steps of a cycle
    /// (first and last the same), or the component held captive.
    public let related: [DIComponentInfo]

    /// `error: message [component] path: A -> B`.
    public var description: String {
        var text = "\(severity.rawValue): \(message)"
        if let component { text += " [\(component)]" }
        if !path.isEmpty { text += " path: " + path.map(\.description).joined(separator: " -> ") }
        return text
    }
}
