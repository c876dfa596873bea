import DICore

/// The holder of a captive-rank case: it depends on one ``RankHeld``.
public final class RankHolder {
    /// Makes a holder of `held`.
    public init(held: RankHeld) {}
}

/// The held component of a captive-rank case.
public final class RankHeld {
    /// Makes one.
    public init() {}
}

/// What validation says of a ``RankHolder`` with lifetime `holder` keeping a ``RankHeld``.
///
/// The lifetime modules' rank tests share it. Returns the captive-dependency findings, and
/// the whole report for a failure's message.
public func captiveFindings(
    holder: DIComponentLifetime, held: DIComponentLifetime
) -> (captives: [DIValidationFinding], report: DIValidationReport) {
    let container = DIContainer()
    container.register(RankHolder.init).lifetime(holder)
    container.register(RankHeld.init).lifetime(held)
    let report = container.validate()
    return (report.findings.filter { $0.kind == .captiveDependency }, report)
}

/// A captive-rank case: a component of lifetime `holder` keeping one of lifetime `held`, and
/// the severity validation gives it (`nil`: none).
public struct CaptiveCase: Sendable, CustomStringConvertible {
    /// The lifetime of the component that keeps the other.
    public let holder: DIComponentLifetime
    /// The lifetime of the component kept.
    public let held: DIComponentLifetime
    /// What validation reports of the pair.
    public let expected: DIValidationFinding.Severity?

    /// Makes a case.
    public init(holder: DIComponentLifetime, held: DIComponentLifetime, expected: DIValidationFinding.Severity?) {
        self.holder = holder
        self.held = held
        self.expected = expected
    }

    /// How the test runner names the case.
    public var description: String { "\(holder) keeping \(held)" }
}
