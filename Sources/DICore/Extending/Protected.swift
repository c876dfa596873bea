import Synchronization

/// State behind a `Mutex`, with its hand-offs visible to the thread sanitizer.
///
/// Every lock of the package is one of these. On Linux, `Synchronization.Mutex` hands a
/// contended lock over in the kernel (a priority-inheriting futex), out of the thread
/// sanitizer's sight, so `swift test --sanitize=thread` would report races on state that is
/// in fact guarded. This wrapper tells the sanitizer about each acquire and release; outside a
/// sanitized build it costs one predictable branch per lock.
///
/// The lock is a `Mutex<Void>` beside the state, not a `Mutex<State>`: a generic class's
/// deinit is not specialized, and destroying a `Mutex<State>` there looked up the metadata of
/// `Mutex<State>` and of its cell at run time (about 800 instructions per lock freed, several
/// locks per container).
// NB: @unchecked: the state is only reached under the mutex, in `withLock`, as `Mutex` itself
// is Sendable.
@usableFromInline
package final class Protected<State>: @unchecked Sendable {
    @usableFromInline
    let mutex: Mutex<Void>
    /// The guarded state.
    // NB: @exclusivity(unchecked): only `withLock` reaches it, under the mutex, so no two
    // accesses overlap; a dynamic exclusivity check would cost each lock two runtime calls.
    @usableFromInline
    @exclusivity(unchecked) var state: State
    /// The sanitizer's hooks, copied here so a lock does not check a lazy global each time.
    @usableFromInline
    let acquire: SanitizerHooks.Hook?
    @usableFromInline
    let release: SanitizerHooks.Hook?

    /// Guards `initial`.
    ///
    /// `initial` is moved in: taken as a plain parameter and assigned, it was copied (a
    /// retain of every reference it holds) and the original destroyed, about 830
    /// instructions and 26 reference-count operations for a container's registry.
    package init(_ initial: consuming sending State) {
        mutex = Mutex(())
        state = initial
        (acquire, release) = SanitizerHooks.both
    }

    /// Runs `body` with the state locked.
    @inlinable
    package func withLock<Result, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (_: inout sending Void) throws(E) -> sending Result in
            // NB: only an address, the sanitizer's name for this lock; never dereferenced.
            let address = Unmanaged.passUnretained(self).toOpaque()
            acquire?(address)
            defer { release?(address) }
            return try body(&state)
        }
    }
}
