/// The results as Markdown: the table of figures and ratios, the concurrency and memory
/// figures, then the targets in a section of their own.
enum Report {
    static func table(
        _ results: [ScenarioResult], memory: [MemoryResult], inFlight: [InFlightResult], settings: String
    ) -> String {
        var lines = [
            "Medians of ns/op (\(settings)).",
            "x hand = library / hand-written code, x naive = library / naive container (lower is better);",
            "spread = (slowest - fastest sample) / median; hits and misses count the library's cache.",
            "",
            "| scenario | library | spread | hand-written | naive | x hand | x naive | hits | misses | hit ratio |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for result in results {
            let cells = [
                result.name,
                result.library.median.nanoseconds,
                (result.library.spread * 100).formatted(decimals: 0) + "%",
                result.manual?.median.nanoseconds ?? "-",
                result.naive.median.nanoseconds,
                result.ratioToManual?.formatted(decimals: 2) ?? "-",
                result.ratioToNaive.formatted(decimals: 2),
                result.hits.map(String.init) ?? "-",
                result.misses.map(String.init) ?? "-",
                result.hitRatio.map { ($0 * 100).formatted(decimals: 4) + "%" } ?? "-",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        let awaited = results.filter { $0.synchronousTwin != nil }
        if !awaited.isEmpty {
            lines += [
                "",
                "| awaited | library awaited | synchronous twin | x sync | hand-written async | x hand |",
                "| --- | ---: | ---: | ---: | ---: | ---: |",
            ]
            for result in awaited {
                let cells = [
                    result.name, result.library.median.nanoseconds, result.synchronousTwin?.median.nanoseconds ?? "-",
                    result.ratioToSynchronousTwin?.formatted(decimals: 2) ?? "-",
                    result.manual?.median.nanoseconds ?? "-", result.ratioToManual?.formatted(decimals: 2) ?? "-",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        for result in results {
            guard let single = result.singleThread, let scaling = result.scaling else { continue }
            lines.append("")
            lines.append(
                "\(result.name): \(result.threads) threads, aggregate ns/op above; one thread: library "
                    + "\(single.library.median.nanoseconds), hand-written \(single.manual?.median.nanoseconds ?? "-"), "
                    + "naive \(single.naive.median.nanoseconds). Throughput of \(result.threads) threads over one: "
                    + "library \(scaling.library.formatted(decimals: 2))x, "
                    + "hand-written \(scaling.manual?.formatted(decimals: 2) ?? "-")x, "
                    + "naive \(scaling.naive.formatted(decimals: 2))x.")
        }
        if !memory.isEmpty {
            lines += [
                "",
                "| memory | library bytes | naive bytes | x naive | library bytes before any resolve | naive bytes before any resolve | x naive |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
            ]
            for result in memory {
                let cells = [
                    result.name, String(result.bytes), String(result.naiveBytes),
                    result.ratioToNaive.formatted(decimals: 2), String(result.bytesBeforeResolve),
                    String(result.naiveBytesBeforeResolve), result.ratioBeforeResolveToNaive.formatted(decimals: 2),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        for result in inFlight {
            lines.append("")
            lines.append(
                "\(result.name): \(result.tasks) awaited resolves suspended in an async factory hold "
                    + "\(result.libraryBytesPerTask) bytes each; hand-written code awaiting the same factory "
                    + "\(result.manualBytesPerTask); the library adds \(result.overheadPerTask).")
        }
        for scaling in StartUpScaling.all(in: results) {
            lines.append("")
            lines.append(
                "Start-up at \(scaling.count) registrations (containerBuild\(scaling.count) / \(scaling.count); "
                    + "firstResolve\(scaling.count) less containerBuild\(scaling.count), per component): "
                    + "library \(scaling.perRegistration.nanoseconds) ns per registration, "
                    + "\(scaling.perFirstResolve.nanoseconds) ns per first resolve; naive "
                    + "\(scaling.naivePerRegistration.nanoseconds) and \(scaling.naivePerFirstResolve.nanoseconds).")
        }
        let checks =
            results.flatMap { Targets.checks(for: $0, in: results) } + Targets.checks(for: StartUpScaling.all(in: results))
            + memory.flatMap(Targets.checks(for:)) + inFlight.flatMap(Targets.checks(for:))
        let missed = checks.filter { !$0.isMet }
        lines.append("")
        lines.append(
            "Targets (the project's goals, not pass/fail of this run): \(checks.count - missed.count) of \(checks.count) met"
                + (missed.isEmpty ? "." : "; missed: ")
                + missed.map { "\($0.scenario) \($0.target) (\($0.value.formatted(decimals: 2)))" }
                .joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
