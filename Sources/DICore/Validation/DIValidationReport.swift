/// What ``DIContainer/validate()`` found: every problem of a container's graph at once.
///
/// ```swift
/// let report = container.validate()
/// if !report.isValid {
///     print(report)   // one line per finding, errors first, each with its path from a root
/// }
/// ```
public struct DIValidationReport: Sendable, CustomStringConvertible {
    /// Every finding, errors first, then warnings.
    public let findings: [DIValidationFinding]

    /// The findings that keep the graph from resolving as written.
    public var errors: [DIValidationFinding] { findings.filter { $0.severity == .error } }

    /// The findings that resolve, but probably not as intended.
    public var warnings: [DIValidationFinding] { findings.filter { $0.severity == .warning } }

    /// Whether there is no error (warnings allowed).
    public var isValid: Bool { !findings.contains { $0.severity == .error } }

    /// A summary line, then one line per finding.
    public var description: String {
        guard !findings.isEmpty else { return "The graph is valid: no errors, no warnings." }
        let summary =
            "\(isValid ? "The graph is valid" : "The graph is not valid"): \(errors.count) error(s), \(warnings.count) warning(s)."
        return ([summary] + findings.map { "- \($0)" }).joined(separator: "\n")
    }
}
