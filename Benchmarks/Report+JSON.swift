import Foundation

extension Report {
    /// One scenario as the JSON report writes it (keys in snake case; a field a scenario does
    /// not measure is left out).
    ///
    /// A concurrent scenario adds `threads`, `single_thread_ns_per_op` and `scaling` (the
    /// library's); a memory scenario has `bytes`, `bytes_before_resolve`, `naive_bytes` and
    /// `ratio_to_naive`; `firstResolve100` and `firstResolve1000` add `per_registration_ns` and
    /// `per_first_resolve_ns` (see ``StartUpScaling``).
    struct Entry: Codable {
        let name: String
        var nsPerOp: Double?
        var manualNsPerOp: Double?
        var naiveNsPerOp: Double?
        var ratioToManual: Double?
        var ratioToNaive: Double?
        var hits: Int?
        var misses: Int?
        var threads: Int?
        var singleThreadNsPerOp: Double?
        var scaling: Double?
        var bytes: Int?
        var bytesBeforeResolve: Int?
        var naiveBytes: Int?
        var perRegistrationNs: Double?
        var perFirstResolveNs: Double?
        var synchronousTwinNsPerOp: Double?
        var ratioToSynchronousTwin: Double?
        var bytesPerTask: Int?
        var manualBytesPerTask: Int?
    }

    /// The whole report: `{"scenarios": [...]}`.
    struct Document: Codable {
        let scenarios: [Entry]
    }

    /// The results as JSON.
    static func json(_ results: [ScenarioResult], memory: [MemoryResult], inFlight: [InFlightResult]) -> String {
        let entries = entries(results, memory: memory, inFlight: inFlight)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // NB: encoding plain structs of numbers and strings cannot fail.
        let data = try! encoder.encode(Document(scenarios: entries))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads the entries of a report that ``json(_:memory:inFlight:)`` wrote to `path`.
    static func entries(fromFile path: String) throws -> [Entry] {
        try document(fromJSON: Data(contentsOf: URL(fileURLWithPath: path))).scenarios
    }

    /// Reads a report that ``json(_:memory:inFlight:)`` wrote.
    static func document(fromJSON data: Data) throws -> Document {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(Document.self, from: data)
    }

    /// The entries of the JSON report, one per scenario.
    static func entries(_ results: [ScenarioResult], memory: [MemoryResult], inFlight: [InFlightResult]) -> [Entry] {
        var entries = results.map { result in
            var entry = Entry(name: result.name)
            entry.nsPerOp = result.library.median
            entry.manualNsPerOp = result.manual?.median
            entry.naiveNsPerOp = result.naive.median
            entry.ratioToManual = result.ratioToManual
            entry.ratioToNaive = result.ratioToNaive
            entry.hits = result.hits
            entry.misses = result.misses
            entry.synchronousTwinNsPerOp = result.synchronousTwin?.median
            entry.ratioToSynchronousTwin = result.ratioToSynchronousTwin
            if let single = result.singleThread, let scaling = result.scaling {
                entry.threads = result.threads
                entry.singleThreadNsPerOp = single.library.median
                entry.scaling = scaling.library
            }
            return entry
        }
        for scaling in StartUpScaling.all(in: results) {
            guard let index = entries.firstIndex(where: { $0.name == "firstResolve\(scaling.count)" }) else { continue }
            entries[index].perRegistrationNs = scaling.perRegistration
            entries[index].perFirstResolveNs = scaling.perFirstResolve
        }
        for result in memory {
            var entry = Entry(name: result.name)
            entry.bytes = result.bytes
            entry.bytesBeforeResolve = result.bytesBeforeResolve
            entry.naiveBytes = result.naiveBytes
            entry.ratioToNaive = result.ratioToNaive
            entries.append(entry)
        }
        for result in inFlight {
            var entry = Entry(name: result.name)
            entry.bytesPerTask = result.libraryBytesPerTask
            entry.manualBytesPerTask = result.manualBytesPerTask
            entries.append(entry)
        }
        return entries
    }
}
