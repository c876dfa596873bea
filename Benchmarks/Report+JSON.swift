extension Report {
    /// `{"scenarios": [{"name", "ns_per_op", "manual_ns_per_op", "naive_ns_per_op",
    /// "ratio_to_manual", "ratio_to_naive", "hits", "misses"}]}`; a concurrent scenario adds
    /// `"threads"`, `"single_thread_ns_per_op"` and `"scaling"` (the library's).
    static func json(_ results: [ScenarioResult]) -> String {
        let scenarios = results.map { result in
            var fields: [(String, String)] = [
                ("name", quoted(result.name)),
                ("ns_per_op", number(result.library.median)),
                ("manual_ns_per_op", number(result.manual?.median)),
                ("naive_ns_per_op", number(result.naive.median)),
                ("ratio_to_manual", number(result.ratioToManual)),
                ("ratio_to_naive", number(result.ratioToNaive)),
                ("hits", result.hits.map(String.init) ?? "null"),
                ("misses", result.misses.map(String.init) ?? "null"),
            ]
            if let single = result.singleThread, let scaling = result.scaling {
                fields.append(("threads", String(result.threads)))
                fields.append(("single_thread_ns_per_op", number(single.library.median)))
                fields.append(("scaling", number(scaling.library)))
            }
            return "    {" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "{\"scenarios\": [\n" + scenarios.joined(separator: ",\n") + "\n]}\n"
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return value.formatted(decimals: 3)
    }

    private static func quoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }
}
