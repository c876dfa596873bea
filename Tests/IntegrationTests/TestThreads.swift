import TestSupport

/// Runs `body` on a new thread and returns its result.
func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        startThread { continuation.resume(returning: body()) }
    }
}

/// A plain thread to start later (TestSupport's `startThread(_:)`).
final class ThreadStarter: Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() { startThread(body) }
}
