/// This run's ratios beside a baseline report's (`Benchmarks/baseline.json`, a `--json` report
/// of a full release run).
///
/// Machines differ, so only ratios are compared: each row's ratio to hand-written code, or to
/// the naive container for a row with no hand-written code.
enum Baseline {
    /// One row whose ratio is worse than the baseline's by more than the threshold.
    struct Regression {
        let name: String
        let column: String
        let ratio: Double
        let baseline: Double

        var percentWorse: Double { (ratio / baseline - 1) * 100 }
    }

    /// The ratio a row is compared by, and the column it comes from.
    static func comparedRatio(of entry: Report.Entry) -> (column: String, value: Double)? {
        if let ratio = entry.ratioToManual { return ("x hand", ratio) }
        if let ratio = entry.ratioToNaive { return ("x naive", ratio) }
        return nil
    }

    /// The rows of `current` worse than the same rows of `baseline` by more than
    /// `thresholdPercent`, and how many rows both have.
    static func regressions(
        _ current: [Report.Entry], baseline: [Report.Entry], thresholdPercent: Double
    ) -> (compared: Int, regressions: [Regression]) {
        var compared = 0
        var regressions: [Regression] = []
        for entry in current {
            guard let old = baseline.first(where: { $0.name == entry.name }),
                let now = comparedRatio(of: entry), let then = comparedRatio(of: old), now.column == then.column,
                then.value > 0, then.value.isFinite, now.value.isFinite
            else { continue }
            compared += 1
            if now.value > then.value * (1 + thresholdPercent / 100) {
                regressions.append(Regression(name: entry.name, column: now.column, ratio: now.value, baseline: then.value))
            }
        }
        return (compared, regressions)
    }

    /// The comparison as the run prints it.
    static func report(
        _ current: [Report.Entry], baseline: [Report.Entry], thresholdPercent: Double, path: String
    ) -> (text: String, regressed: Bool) {
        let (compared, regressions) = Self.regressions(current, baseline: baseline, thresholdPercent: thresholdPercent)
        var lines = [
            "Baseline \(path): \(compared) rows compared; worse by more than "
                + "\(thresholdPercent.formatted(decimals: 0))%:\(regressions.isEmpty ? " none." : "")"
        ]
        for regression in regressions {
            lines.append(
                "  \(regression.name): \(regression.column) \(regression.ratio.formatted(decimals: 2)) "
                    + "(baseline \(regression.baseline.formatted(decimals: 2)), "
                    + "+\(regression.percentWorse.formatted(decimals: 0))%)")
        }
        return (lines.joined(separator: "\n"), !regressions.isEmpty)
    }
}
