extension DIContainer {
    /// Reports that the optional resolve of `type` returned `nil` for `error`, unless the
    /// error is the `nil` that means "not available" (nothing registered for the requested
    /// type): to the observers, and in a debug build once per component on standard error.
    ///
    /// Out of line: the optional resolve is inlined into users' code, and calls this only
    /// when it fails (`OptionalNilReportTests`).
    @usableFromInline @inline(never) func _reportNil(for type: Any.Type, _ error: DIError) {
        guard !error.isNothingRegistered else { return }
        if isObserved.load(ordering: .relaxed) { notifyObservers { $0.container(self, didReturnNilFor: type, error: error) } }
        #if DEBUG
            if let message = OptionalNilLog.firstReport(of: error, for: type) { writeLineToStandardError(message) }
        #endif
    }
}

extension DIError {
    /// Whether this is a plain `.notRegistered` of the requested type itself: nothing is
    /// registered for it, the one failure the optional resolve answers silently.
    var isNothingRegistered: Bool { if case .notRegistered = reason { path.isEmpty } else { false } }
}

/// The components whose failure the optional resolve has written to standard error: each
/// once per process.
enum OptionalNilLog {
    private static let reported = Protected<Set<String>>([])

    /// The component an error is reported for: the first one on its path, or the requested
    /// type when the path is empty.
    static func key(of error: DIError) -> String { error.path.first?.description ?? readableName(of: error.requestedType) }

    /// The line to write for `error`, or `nil` if its component was reported already.
    static func firstReport(of error: DIError, for type: Any.Type) -> String? {
        guard reported.withLock({ $0.insert(key(of: error)).inserted }) else { return nil }
        return "DI: resolve() -> \(readableName(of: type))? returned nil: \(error)"
    }

    /// Whether `error`'s component has been written to standard error.
    static func hasReported(_ error: DIError) -> Bool { reported.withLock { $0.contains(key(of: error)) } }
}
