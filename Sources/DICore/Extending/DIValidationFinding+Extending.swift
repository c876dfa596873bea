/// What a feature module needs to report a problem of its own from validation.
extension DIValidationFinding {
    /// Makes a finding without a path: a feature module's, of its own `kind` (see
    /// ``Kind/module(_:)``), or one recorded at registration; the validator gives each of its
    /// findings the path from a root.
    package init(
        kind: Kind = .note,
        severity: Severity,
        message: String,
        component: DIComponentInfo? = nil,
        related: [DIComponentInfo] = []
    ) {
        self.init(kind: kind, severity: severity, message: message, component: component, path: [], related: related)
    }
}

extension DIValidationFinding.Kind {
    /// A kind of finding a feature module adds, named `name` (such as DIModules'
    /// `importNotAppended`).
    package static func module(_ name: String) -> Self {
        Self(rawValue: name)
    }
}

extension DIValidationReport {
    /// This report without its findings of `kind` (one a feature module knows to be moot).
    package func leavingOut(_ kind: DIValidationFinding.Kind) -> Self { Self(findings: findings.filter { $0.kind != kind }) }
}
