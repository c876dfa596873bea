/// The command line: `[--quick] [--filter NAME]... [--json PATH] [--markdown [PATH]]
/// [--baseline PATH [--threshold PERCENT] [--fail-on-regression]] [--profile N [--side SIDE]]`.
struct Options {
    var quick = false
    var filters: [String] = []
    var jsonPath: String?
    /// Where the README's table goes: `-` for standard output.
    var markdownPath: String?
    /// A `--json` report to compare this run's ratios with.
    var baselinePath: String?
    /// How much worse than the baseline's a ratio may be before it is reported, in percent.
    var regressionThreshold = 25.0
    /// Exit with a non-zero code when a ratio is worse than the baseline's by more than the
    /// threshold.
    var failOnRegression = false
    /// Runs only the library's workload this many times, untimed: for valgrind.
    var profileIterations: Int?
    /// Which workload `--profile` runs: `library` (the default), `hand` or `naive`.
    var profileSide = "library"

    static let usage = """
        usage: swift run -c release Benchmarks [--quick] [--filter NAME]... [--json PATH] [--markdown [PATH]]
                 [--baseline PATH [--threshold PERCENT] [--fail-on-regression]] [--profile N [--side SIDE]]
          --quick        short samples (a smoke run, well under a minute)
          --filter NAME  run the scenario NAME, or every scenario whose name contains NAME
          --json PATH    also write the results as JSON to PATH
          --markdown [PATH]
                         also write the README's table to PATH (standard output without PATH)
          --baseline PATH
                         compare each ratio to hand-written code (to the naive container where
                         there is no hand-written code) with the --json report at PATH, and
                         print the rows worse by more than the threshold
          --threshold PERCENT
                         the threshold of --baseline (default 25)
          --fail-on-regression
                         with --baseline, exit with code 3 when a row is worse
          --profile N    run only the library's side N times, untimed (for valgrind: compare
                         heap totals or instruction counts at N and 2N)
          --side SIDE    with --profile, run the hand-written (hand) or the naive container's
                         (naive) side instead of the library's (library, the default), after
                         one run of the library's side, as in a timed run
        """

    /// Parses `arguments` (without the program name); returns `nil` for `--help`.
    init?(_ arguments: [String]) throws(OptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--filter":
                guard let value = remaining.popFirst() else { throw OptionsError("--filter needs a name") }
                filters += value.split(separator: ",").map(String.init)
            case "--json":
                guard let value = remaining.popFirst() else { throw OptionsError("--json needs a path") }
                jsonPath = value
            case "--markdown":
                if let value = remaining.first, !value.hasPrefix("--") {
                    markdownPath = value
                    remaining = remaining.dropFirst()
                } else {
                    markdownPath = "-"
                }
            case "--baseline":
                guard let value = remaining.popFirst() else { throw OptionsError("--baseline needs a path") }
                baselinePath = value
            case "--threshold":
                guard let value = remaining.popFirst(), let percent = Double(value), percent >= 0 else {
                    throw OptionsError("--threshold needs a percentage")
                }
                regressionThreshold = percent
            case "--fail-on-regression":
                failOnRegression = true
            case "--profile":
                guard let value = remaining.popFirst(), let count = Int(value), count >= 0 else {
                    throw OptionsError("--profile needs a number of iterations")
                }
                profileIterations = count
            case "--side":
                guard let value = remaining.popFirst(), ["library", "hand", "naive"].contains(value) else {
                    throw OptionsError("--side needs library, hand or naive")
                }
                profileSide = value
            case "-h", "--help":
                return nil
            default:
                throw OptionsError("unknown argument \(argument)")
            }
        }
    }
}

/// A command line that cannot be understood.
struct OptionsError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
