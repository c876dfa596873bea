#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on a new thread and returns its result.
func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        let thread = ThreadStarter { continuation.resume(returning: body()) }
        thread.start()
    }
}

/// A plain pthread, so the test does not depend on Foundation.
final class ThreadStarter: Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let status = pthread_create(
            &thread, nil,
            { raw in
                let starter = Unmanaged<ThreadStarter>.fromOpaque(raw!).takeRetainedValue()
                starter.body()
                return nil
            }, box)
        precondition(status == 0)
        pthread_detach(thread)
    }
}
