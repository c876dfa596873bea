/// The command line: `[--quick] [--filter NAME]... [--json PATH] [--profile N]`.
struct Options {
    var quick = false
    var filters: [String] = []
    var jsonPath: String?
    /// Runs only the library's workload this many times, untimed: for valgrind.
    var profileIterations: Int?

    static let usage = """
        usage: swift run -c release Benchmarks [--quick] [--filter NAME]... [--json PATH] [--profile N]
          --quick        short samples (a smoke run, well under a minute)
          --filter NAME  run the scenario NAME, or every scenario whose name contains NAME
          --json PATH    also write the results as JSON to PATH
          --profile N    run only the library's side N times, untimed (for valgrind: compare
                         heap totals or instruction counts at N and 2N)
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
            case "--profile":
                guard let value = remaining.popFirst(), let count = Int(value), count >= 0 else {
                    throw OptionsError("--profile needs a number of iterations")
                }
                profileIterations = count
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
