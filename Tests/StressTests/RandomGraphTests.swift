import Testing

/// Random graphs resolved from threads and tasks at once, each result checked against the
/// reference model of the documented semantics (see `ReferenceModel`).
///
/// A failing seed prints itself and the smallest graph that still fails; replay it with
/// `STRESS_SEED=<seed> swift test --filter RandomGraphTests`. `STRESS_ROUNDS=<n>` runs n times
/// as many seeds.
@Suite struct RandomGraphTests {
    static let seedsPerTest = 500

    /// Seeds in four groups, so the groups run in parallel.
    @Test(arguments: 0..<4)
    func randomGraphsMatchTheModel(group: Int) async {
        let seeds: [UInt64]
        if let replay = Budget.replaySeed {
            seeds = group == 0 ? [replay] : []
        } else {
            let count = Budget.rounds(Self.seedsPerTest)
            seeds = (0..<count).map { UInt64(group * count + $0 + 1) }
        }
        for seed in seeds {
            let graph = GraphSpec.random(seed: seed)
            guard let problem = await GraphRun(graph: graph, threads: 3, tasks: 3).run() else { continue }
            let (minimal, minimalProblem) = await Self.shrink(graph, problem: problem)
            Issue.record(
                """
                Seed \(seed) does not match the model: \(problem)
                Replay: STRESS_SEED=\(seed) swift test --filter RandomGraphTests
                Smallest graph that still fails (\(minimalProblem)):
                \(minimal)
                """)
            return
        }
    }

    /// The smallest graph, one simplification at a time, that still fails.
    static func shrink(_ graph: GraphSpec, problem: String) async -> (GraphSpec, String) {
        // A failure that needs a race may not show every time: try a few runs.
        await GraphSpec.shrink(graph, problem: problem, tries: 3) { await GraphRun(graph: $0, threads: 3, tasks: 3).run() }
    }
}
