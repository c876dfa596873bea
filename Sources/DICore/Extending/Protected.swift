import Synchronization

/// State behind a `Mutex`, with its hand-offs visible to the thread sanitizer.
///
/// Every lock of the package is one of these. On Linux, `Synchronization.Mutex` hands a
/// contended lock over in the kernel (a priority-inheriting futex), out of the thread
/// sanitizer's sight, so `swift test --sanitize=thread` would report races on state that is
/// in fact guarded. This wrapper tells the sanitizer about each acquire and release; outside a
/// sanitized build it costs one predictable branch per lock.
// NB: @unchecked: the state is only reached through the mutex, as `Mutex` itself is Sendable.
@usableFromInline
package final class Protected<State>: @unchecked Sendable {
    @usableFromInline
    let mutex: Mutex<State>
    /// The sanitizer's hooks, copied here so a lock does not check a lazy global each time.
    @usableFromInline
    let acquire: SanitizerHooks.Hook?
    @usableFromInline
    let release: SanitizerHooks.Hook?

    /// Guards `initial`.
    package init(_ initial: sending State) {
        mutex = Mutex(initial)
        acquire = SanitizerHooks.acquire
        release = SanitizerHooks.release
    }

    /// Runs `body` with the state locked.
    @inlinable
    package func withLock<Result, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (state: inout sending State) throws(E) -> sending Result in
            // NB: only an address, the sanitizer's name for this lock; never dereferenced.
            let address = Unmanaged.passUnretained(self).toOpaque()
            acquire?(address)
            defer { release?(address) }
            return try body(&state)
        }
    }
}
