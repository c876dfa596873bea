import Foundation
import Testing

/// Random graphs (names, tags, arguments, wrappers, parent/child/grandchild containers, every
/// lifetime, main-actor and async factories, property injections and `postInit`s that are
/// nonisolated, main-actor or async, throwing factories and `postInit`s, classes registered by
/// their type) where every door must agree: validation ⇔ resolve, synchronous ≡ awaited ≡
/// `Provider` ≡ `Lazy`, a request asked twice answers the same, an awaited door never answers
/// `.requiresAsync`, one instance per cached component, every instance's actions run once, in
/// the documented order, the DOT export's edges ≡ the edges a resolve builds, four threads and
/// four tasks asking at once ≡ the same door asked alone, `inject(into:)` off the main actor ≡
/// on it ≡ what a resolve injects, and no request takes longer than
/// `DifferentialRun.requestDeadline` through all of its doors.
///
/// A failing seed prints itself and the smallest graph that still breaks the same property;
/// replay it with `DIFF_SEED=<seed> swift test --filter DifferentialTests` (`STRESS_SEED` works
/// too); `STRESS_ROUNDS=<n>` runs n times as many seeds. Shapes known to disagree today are
/// kept out by the switches of `DifferentialOptions`; `DIFF_ALL_SHAPES=1` turns them all off.
@Suite struct DifferentialTests {
    static let seedsPerTest = 100
    /// Whether `DIFF_ALL_SHAPES` is set: every switch of `DifferentialOptions` off.
    static let allShapes = ProcessInfo.processInfo.environment["DIFF_ALL_SHAPES"] != nil
    /// The switches as `DifferentialOptions` sets them, or all off.
    static let options: DifferentialOptions = allShapes ? .everyShape : DifferentialOptions()

    static let replaySeed: UInt64? =
        ProcessInfo.processInfo.environment["DIFF_SEED"].flatMap { UInt64($0) } ?? Budget.replaySeed

    /// Seeds in two groups, so the groups run in parallel.
    @Test(arguments: 0..<2)
    func everyDoorAgrees(group: Int) async {
        let seeds: [UInt64]
        if let replay = Self.replaySeed {
            seeds = group == 0 ? [replay] : []
        } else {
            let count = Budget.rounds(Self.seedsPerTest)
            seeds = (0..<count).map { UInt64(group * count + $0 + 1) }
        }
        // One failure reported per property broken.
        var reported: Set<String> = []
        for seed in seeds {
            let graph = GraphSpec.random(seed: seed, features: .differential(Self.options))
            guard let problem = await DifferentialRun(graph: graph, options: Self.options).run(),
                reported.insert("\(problem.property) \(problem.signature)").inserted
            else { continue }
            // A hang is not shrunk: each try would wait out the deadline, and leave a task behind.
            let (minimal, minimalProblem) = await GraphSpec.shrink(
                graph, problem: problem, tries: 1, maxAttempts: problem.property == .noDoorHangs ? 0 : 400
            ) { candidate in
                let found = await DifferentialRun(graph: candidate, options: Self.options).run()
                return found?.property == problem.property && found?.signature == problem.signature ? found : nil
            }
            Issue.record(
                """
                Seed \(seed) breaks \(problem)
                Replay: \(Self.allShapes ? "DIFF_ALL_SHAPES=1 " : "")DIFF_SEED=\(seed) swift test --filter DifferentialTests
                Smallest graph that still breaks \(problem.property) (\(minimalProblem.text)):
                \(minimal)
                """)
        }
    }
}
