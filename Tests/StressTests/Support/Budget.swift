import Foundation

/// How much work the stress tests do, and the seed they start from.
///
/// The default is small enough for CI (the suite takes seconds in debug); `STRESS_ROUNDS`
/// scales every loop for a long run, and `STRESS_SEED` replays one printed seed.
enum Budget {
    /// `STRESS_ROUNDS`, or 1.
    static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["STRESS_ROUNDS"], let value = Int(text), value > 0 else {
            return 1
        }
        return value
    }()

    /// `STRESS_SEED`, when set: the one seed to run.
    static let replaySeed: UInt64? = ProcessInfo.processInfo.environment["STRESS_SEED"].flatMap { UInt64($0) }

    /// Whether the process runs under a sanitizer (every loop is then cut down).
    static let isSanitized: Bool = {
        #if canImport(Glibc)
            return dlsym(nil, "__tsan_acquire") != nil || dlsym(nil, "__asan_init") != nil
        #else
            return false
        #endif
    }()

    /// `base` scaled by `STRESS_ROUNDS`, divided by `sanitizedDivisor` under a sanitizer.
    static func rounds(_ base: Int, sanitizedDivisor: Int = 4) -> Int {
        max(1, base * scale / (isSanitized ? sanitizedDivisor : 1))
    }
}
