import DICore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on `count` threads of their own, which start it together, and returns what each
/// returned, in the order of their indices.
///
/// The awaiting task's thread is not blocked meanwhile: the cooperative pool stays free for
/// other tasks, and the threads' work never waits for a cooperative thread.
///
/// ```swift
/// let answers = await onThreads(4) { _ in try? container.resolve(Service.self) }
/// ```
///
/// - Parameters:
///   - count: How many threads run `body` at once.
///   - body: The work; given the thread's index, from 0.
/// - Returns: What each thread returned, by index.
public func onThreads<R: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> R) async -> [R] {
    await withCheckedContinuation { continuation in
        let run = ThreadsRun(count: count, body: body, continuation: continuation)
        for index in 0..<count { run.start(index) }
    }
}

/// The state of one `onThreads(_:_:)` call: the barrier, the results, and the continuation
/// the last thread to end resumes.
private final class ThreadsRun<R: Sendable>: Sendable {
    let barrier: Barrier
    let body: @Sendable (Int) -> R
    let results: Protected<[R?]>
    let left: Atomic<Int>
    let continuation: CheckedContinuation<[R], Never>

    init(count: Int, body: @escaping @Sendable (Int) -> R, continuation: CheckedContinuation<[R], Never>) {
        self.barrier = Barrier(parties: count)
        self.body = body
        self.results = Protected(Array(repeating: nil, count: count))
        self.left = Atomic(count)
        self.continuation = continuation
    }

    func start(_ index: Int) {
        startThread { [self] in
            barrier.arriveAndWait()
            let result = body(index)
            results.withLock { $0[index] = result }
            if left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                continuation.resume(returning: results.withLock { $0.map { $0! } })
            }
        }
    }
}

/// Starts a detached pthread running `body`: a plain thread, outside Dispatch's pool and the
/// cooperative pool, so what it blocks on never holds a thread those need.
///
/// - Parameter body: The thread's work.
public func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    let status = pthread_create(
        &thread, nil,
        { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_detach(thread)
}
