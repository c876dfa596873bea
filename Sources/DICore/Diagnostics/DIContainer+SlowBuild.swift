import Synchronization

extension DIContainer {
    /// How long a resolve waits for another resolve's build before it reports the wait.
    ///
    /// `nil` never reports. Process-wide; 5 seconds unless set. The wait is a synchronous
    /// resolve's (a blocked thread); an awaited resolve suspends instead, and does not report.
    ///
    /// A resolve that has waited this long tells the observers of the container it started
    /// from (``DIObserver/container(_:isWaitingFor:)``, with a ``DISlowBuild``) and, in a
    /// debug build, writes the report once per build to standard error; then it keeps
    /// waiting. It is how the one wait the library cannot see shows itself: a factory that
    /// blocks its thread until another thread resolves the component it builds.
    ///
    /// ```swift
    /// DIContainer.slowBuildWarning = .seconds(2)
    /// ```
    public static var slowBuildWarning: Duration? {
        get {
            let nanoseconds = slowBuildNanoseconds.load(ordering: .relaxed)
            return nanoseconds < 0 ? nil : .nanoseconds(nanoseconds)
        }
        set { slowBuildNanoseconds.store(newValue.map(Self.nanoseconds) ?? -1, ordering: .relaxed) }
    }

    /// `duration` in nanoseconds, from 0 (a negative duration) to `Int64.max` (from about 292
    /// years on, where the count would overflow).
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return seconds >= Int64.max / 1_000_000_000 ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// ``slowBuildWarning`` in nanoseconds, `-1` for `nil`.
    static let slowBuildNanoseconds = Atomic<Int64>(5_000_000_000)
}
