import DICore
import Synchronization

/// A one-shot signal that a task awaits without holding a thread.
///
/// `signal()` may come from anywhere; `wait()` returns at once if it came already. For tests
/// that must not block the cooperative pool: a test blocked on a semaphore there can starve
/// the tasks it waits for.
public final class AsyncSignal: Sendable {
    private struct State {
        var signaled = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Protected(State())

    /// Makes a signal not yet given.
    public init() {}

    /// Gives the signal: every waiter, and every later one, goes on.
    public func signal() {
        let waiters = state.withLock { state in
            state.signaled = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the signal is given.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if !state.signaled { state.waiters.append(continuation) }
                return state.signaled
            }
            if ready { continuation.resume() }
        }
    }
}
