#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

#if DEBUG
    printError("Benchmarks measure optimized code: run `swift run -c release Benchmarks`.")
    exit(1)
#else
    let options: Options
    do {
        guard let parsed = try Options(Array(CommandLine.arguments.dropFirst())) else {
            print(Options.usage)
            exit(0)
        }
        options = parsed
    } catch {
        printError("\(error.message)\n\(Options.usage)")
        exit(2)
    }

    let settings: MeasurementSettings = options.quick ? .quick : .full
    let selected = Scenario.selected(by: options.filters)
    guard
        !selected.isEmpty || !Scenario.selectedMemory(by: options.filters).isEmpty
            || !Scenario.selectedInFlight(by: options.filters).isEmpty
    else {
        printError(
            "no scenario matches \(options.filters); scenarios: \(Scenario.all.map(\.name).joined(separator: ", "))"
        )
        exit(2)
    }

    if let iterations = options.profileIterations {
        for entry in selected {
            let scenario = entry.make()
            let workload: Workload
            switch options.profileSide {
            case "hand":
                guard let manual = scenario.manual else {
                    printError("\(entry.name): has no hand-written side")
                    continue
                }
                workload = manual
            case "naive": workload = scenario.naive
            default: workload = scenario.library
            }
            // The other sides run once after the library's, as in a timed run, where the
            // library's side runs first (its first run sets process-wide state, such as the
            // registration attributes' flag, that the other sides then see).
            if options.profileSide != "library" { scenario.library(1, Sink()) }
            workload(iterations, Sink())
            printError("\(entry.name): ran the \(options.profileSide) side \(iterations) times")
        }
        exit(0)
    }

    var results: [ScenarioResult] = []
    for (index, entry) in selected.enumerated() {
        let started = now()
        let result = entry.make().run(settings: settings)
        results.append(result)
        let seconds = Double(now() - started) / 1e9
        printError(
            "[\(index + 1)/\(selected.count)] \(entry.name): \(result.library.median.nanoseconds) ns/op "
                + "(hand \(result.manual?.median.nanoseconds ?? "-"), naive \(result.naive.median.nanoseconds)) "
                + "in \(seconds.formatted(decimals: 1)) s")
    }

    var memoryResults: [MemoryResult] = []
    for entry in Scenario.selectedMemory(by: options.filters) {
        let result = entry.measure()
        memoryResults.append(result)
        printError("\(entry.name): \(result.bytes) bytes (naive \(result.naiveBytes))")
    }

    var inFlightResults: [InFlightResult] = []
    for entry in Scenario.selectedInFlight(by: options.filters) {
        let result = entry.measure()
        inFlightResults.append(result)
        printError(
            "\(entry.name): \(result.libraryBytesPerTask) bytes per task (hand-written \(result.manualBytesPerTask))")
    }

    let description =
        options.quick
        ? "--quick: \(settings.samples) samples of \(settings.sampleNanoseconds / 1_000_000) ms"
        : "\(settings.samples) samples of \(settings.sampleNanoseconds / 1_000_000) ms after \(settings.warmUpNanoseconds / 1_000_000) ms of warm-up"
    print(Report.table(results, memory: memoryResults, inFlight: inFlightResults, settings: description))

    if let path = options.jsonPath {
        guard let file = fopen(path, "w") else {
            printError("cannot write \(path)")
            exit(1)
        }
        fputs(Report.json(results, memory: memoryResults, inFlight: inFlightResults), file)
        fclose(file)
    }

    if let path = options.markdownPath {
        let table = Report.markdown(results, memory: memoryResults, inFlight: inFlightResults)
        if path == "-" {
            print("")
            print(table, terminator: "")
        } else {
            guard let file = fopen(path, "w") else {
                printError("cannot write \(path)")
                exit(1)
            }
            fputs(table, file)
            fclose(file)
        }
    }

    if let path = options.baselinePath {
        let baseline: [Report.Entry]
        do {
            baseline = try Report.entries(fromFile: path)
        } catch {
            printError("cannot read the baseline \(path): \(error)")
            exit(1)
        }
        let comparison = Baseline.report(
            Report.entries(results, memory: memoryResults, inFlight: inFlightResults), baseline: baseline,
            thresholdPercent: options.regressionThreshold, path: path)
        print("")
        print(comparison.text)
        if comparison.regressed && options.failOnRegression {
            exit(3)
        }
    }
#endif
