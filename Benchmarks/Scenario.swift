/// Runs a number of operations of a scenario, handing every result to the sink.
typealias Workload = @Sendable (_ iterations: Int, _ sink: Sink) -> Void

/// One benchmark: the same work done by the library, by hand and by the naive container.
struct Scenario {
    /// The name the table and the JSON use.
    let name: String
    let library: Workload
    /// The work written by hand; `nil` where there is nothing to write (building a container).
    let manual: Workload?
    let naive: Workload
    /// Counts the library's factory calls, for caching scenarios.
    let misses: Counter?
    /// How many threads run each workload at once; more than one also measures one thread.
    let threads: Int
    /// For an awaited scenario, the library's synchronous resolve of the same graph.
    let synchronousTwin: Workload?

    init(
        _ name: String,
        library: @escaping Workload,
        manual: Workload?,
        naive: @escaping Workload,
        misses: Counter? = nil,
        threads: Int = 1,
        synchronousTwin: Workload? = nil
    ) {
        self.name = name
        self.library = library
        self.manual = manual
        self.naive = naive
        self.misses = misses
        self.threads = threads
        self.synchronousTwin = synchronousTwin
    }
}

/// The measured figures of one scenario.
struct ScenarioResult {
    let name: String
    let library: Statistics
    let manual: Statistics?
    let naive: Statistics
    /// Library resolves that found the instance cached, and factory calls; `nil` for
    /// scenarios that do not cache.
    let hits: Int?
    let misses: Int?
    /// For a concurrent scenario: the number of threads and the one-thread figures.
    let threads: Int
    let singleThread: (library: Statistics, manual: Statistics?, naive: Statistics)?
    /// For an awaited scenario, the library's synchronous resolve of the same graph.
    let synchronousTwin: Statistics?

    var ratioToSynchronousTwin: Double? { synchronousTwin.map { library.median / $0.median } }

    var ratioToManual: Double? { manual.map { library.median / $0.median } }
    var ratioToNaive: Double { library.median / naive.median }
    var hitRatio: Double? {
        guard let hits, let misses, hits + misses > 0 else { return nil }
        return Double(hits) / Double(hits + misses)
    }

    /// Throughput on ``threads`` threads over throughput on one thread, for a concurrent
    /// scenario (ns/op is the aggregate, so this is the inverse ratio of the medians).
    var scaling: (library: Double, manual: Double?, naive: Double)? {
        guard let single = singleThread else { return nil }
        var manualScaling: Double?
        if let one = single.manual, let many = manual { manualScaling = one.median / many.median }
        return (
            single.library.median / library.median, manualScaling, single.naive.median / naive.median
        )
    }
}

extension Scenario {
    /// Measures the scenario.
    func run(settings: MeasurementSettings) -> ScenarioResult {
        let missesBefore = misses?.count ?? 0
        var probes = [Probe.serial(library), Probe.serial(naive)]
        if let manual { probes.append(.serial(manual)) }
        if threads > 1 {
            probes.append(.concurrent(threads: threads, library))
            probes.append(.concurrent(threads: threads, naive))
            if let manual { probes.append(.concurrent(threads: threads, manual)) }
        }
        if let synchronousTwin { probes.append(.serial(synchronousTwin)) }
        let stats = measure(probes, settings: settings)
        let count = manual == nil ? 2 : 3
        let serial = (library: stats[0], manual: manual == nil ? nil : stats[2], naive: stats[1])
        let parallel =
            threads > 1
            ? (
                library: stats[count], manual: manual == nil ? nil : stats[count + 2],
                naive: stats[count + 1]
            ) : serial
        var hits: Int?
        var missCount: Int?
        if let misses {
            let resolves = stats[0].operations + (threads > 1 ? stats[count].operations : 0)
            hits = resolves - (misses.count - missesBefore)
            missCount = misses.count
        }
        return ScenarioResult(
            name: name,
            library: parallel.library,
            manual: parallel.manual,
            naive: parallel.naive,
            hits: hits,
            misses: missCount,
            threads: threads,
            singleThread: threads > 1 ? serial : nil,
            synchronousTwin: synchronousTwin == nil ? nil : stats.last)
    }
}
