/// The results as a Markdown table, with the cache figures and the targets each one misses.
enum Report {
    static func table(_ results: [ScenarioResult], settings: String) -> String {
        var lines = [
            "Medians of ns/op (\(settings)); spread = (slowest - fastest sample) / median.",
            "",
            "| scenario | library | spread | hand-written | naive | x hand | x naive | hits | misses | hit ratio | targets |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        for result in results {
            let missed = Targets.missed(in: result)
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
                missed.isEmpty ? "met" : "missed: " + missed.joined(separator: "; "),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        for result in results {
            guard let single = result.singleThread, let scaling = result.scaling else { continue }
            lines.append("")
            lines.append(
                "\(result.name): \(result.threads) threads, aggregate ns/op above; one thread: library "
                    + "\(single.library.median.nanoseconds), hand-written \(single.manual?.median.nanoseconds ?? "-"), "
                    + "naive \(single.naive.median.nanoseconds).")
            lines.append(
                "Throughput of \(result.threads) threads over one: library \(scaling.library.formatted(decimals: 2))x, "
                    + "hand-written \(scaling.manual?.formatted(decimals: 2) ?? "-")x, "
                    + "naive \(scaling.naive.formatted(decimals: 2))x "
                    + "(every resolve returns a +1 reference: both threads update one reference count).")
        }
        return lines.joined(separator: "\n")
    }
}
