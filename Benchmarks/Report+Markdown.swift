extension Report {
    /// The README's table, in the columns `Benchmarks/update-readme.sh` puts there.
    ///
    /// One row per scenario with the library's ns/op, its ratios to hand-written code and to
    /// the naive container, and the project's targets for the row with whether this run met
    /// each (the value in parentheses where it did not). Memory, in-flight and start-up rows
    /// have no ns/op; their targets carry their figures.
    static func markdown(_ results: [ScenarioResult], memory: [MemoryResult], inFlight: [InFlightResult]) -> String {
        var lines = [
            "| scenario | ns/op | × hand-written | × naive | target | met |",
            "| --- | ---: | ---: | ---: | --- | --- |",
        ]
        func row(_ name: String, _ nanoseconds: String, _ manual: String, _ naive: String, _ checks: [Targets.Check]) {
            let targets = checks.isEmpty ? "-" : checks.map(\.target).joined(separator: "; ")
            let met =
                checks.isEmpty
                ? "-"
                : checks.map { $0.isMet ? "met" : "not met (\($0.value.formatted(decimals: 2)))" }
                    .joined(separator: "; ")
            lines.append("| " + [name, nanoseconds, manual, naive, targets, met].joined(separator: " | ") + " |")
        }
        for result in results {
            row(
                result.name, result.library.median.nanoseconds, result.ratioToManual?.formatted(decimals: 2) ?? "-",
                result.ratioToNaive.formatted(decimals: 2), Targets.checks(for: result, in: results))
        }
        for result in memory {
            row(result.name + " (bytes)", "-", "-", result.ratioToNaive.formatted(decimals: 2), Targets.checks(for: result))
        }
        for result in inFlight {
            let ratio = Double(result.libraryBytesPerTask) / Double(max(result.manualBytesPerTask, 1))
            row(result.name + " (bytes)", "-", ratio.formatted(decimals: 2), "-", Targets.checks(for: result))
        }
        let startUp = Targets.checks(for: StartUpScaling.all(in: results))
        if !startUp.isEmpty {
            row("start-up scaling", "-", "-", "-", startUp)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
