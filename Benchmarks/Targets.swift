/// The speed and memory targets the project has set, checked against a run.
///
/// They are reported below the table, in a section of their own: the table itself shows
/// figures and ratios only.
enum Targets {
    /// One target and whether a run meets it.
    struct Check {
        let scenario: String
        let target: String
        let value: Double
        let isMet: Bool
    }

    /// Every target that applies to `result`.
    static func checks(for result: ScenarioResult) -> [Check] {
        var checks: [Check] = []
        func check(_ target: String, _ value: Double?, atMost limit: Double, strictly: Bool = false) {
            guard let value else { return }
            checks.append(
                Check(
                    scenario: result.name, target: target, value: value,
                    isMet: strictly ? value < limit : value <= limit))
        }
        switch result.name {
        case "validate1000":
            break
        case "containerBuild100", "containerBuild1000":
            check("x naive <= 2", result.ratioToNaive, atMost: 2)
        case "requestScope":
            check("x naive <= 2", result.ratioToNaive, atMost: 2)
        case "concurrentCachedHit":
            check("x hand <= 1.5", result.ratioToManual, atMost: 1.5)
        case "concurrentCachedHit.distinct":
            if let scaling = result.scaling {
                checks.append(
                    Check(
                        scenario: result.name, target: "scaling >= 1.8", value: scaling.library,
                        isMet: scaling.library >= 1.8))
            }
        case "objectGraph":
            check("x hand <= 4", result.ratioToManual, atMost: 4)
            check("x naive < 0.75", result.ratioToNaive, atMost: 0.75, strictly: true)
        default:
            check("x hand <= 3", result.ratioToManual, atMost: 3)
            check("x naive < 0.75", result.ratioToNaive, atMost: 0.75, strictly: true)
        }
        return checks
    }

    /// Every target that applies to a memory result.
    static func checks(for result: MemoryResult) -> [Check] {
        [
            Check(
                scenario: result.name, target: "x naive <= 2 (after one resolve of each)",
                value: result.ratioToNaive, isMet: result.ratioToNaive <= 2),
            Check(
                scenario: result.name, target: "x naive <= 2 (before any resolve)",
                value: result.ratioBeforeResolveToNaive, isMet: result.ratioBeforeResolveToNaive <= 2),
        ]
    }
}
