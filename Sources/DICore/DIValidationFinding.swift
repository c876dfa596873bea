/// One problem graph validation found: its severity, what is wrong, and where.
public struct DIValidationFinding: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Comparable {
        /// The graph will not resolve as written.
        case error
        /// The graph resolves, but probably not as intended.
        case warning

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Whether the finding is an error or a warning.
    public let severity: Severity
    /// What is wrong.
    public let message: String
    /// The component the finding is about, if any.
    public let component: DIComponentInfo?
    /// The components from a root to the problem, outermost first.
    public let path: [DIComponentInfo]

    /// Makes a finding.
    public init(severity: Severity, message: String, component: DIComponentInfo? = nil, path: [DIComponentInfo] = []) {
        self.severity = severity
        self.message = message
        self.component = component
        self.path = path
    }

    /// `error: message (component) path: A -> B`.
    public var description: String {
        var text = "\(severity.rawValue): \(message)"
        if let component { text += " [\(component)]" }
        if !path.isEmpty { text += " path: " + path.map(\.description).joined(separator: " -> ") }
        return text
    }
}
