import Synchronization

/// State behind a `Mutex`, in an object of its own that can be shared.
///
/// The package's shared lock; ``Locked`` is the same lock stored in place in its owner (as
/// ``ClearableSlot``'s writers' lock). Both tell the thread sanitizer of their hand-offs
/// through ``SanitizerHandOff``.
///
/// The lock is a `Mutex<Void>` beside the state, not a `Mutex<State>`: a generic class's
/// deinit is not specialized, and destroying a `Mutex<State>` there would look up the
/// metadata of `Mutex<State>` at run time on every lock freed.
///
/// Contract: the state is reached only inside ``withLock(_:)``; do not call `withLock` again
/// from its body (the mutex is not recursive).
///
/// Guarded by `ProtectedTests`.
// NB: @unchecked: the state is only reached under the mutex, in `withLock`, as `Mutex` itself
// is Sendable.
@usableFromInline package final class Protected<State>: @unchecked Sendable {
    @usableFromInline let mutex: Mutex<Void>
    /// The guarded state.
    // NB: @exclusivity(unchecked): only `withLock` reaches it, under the mutex, so no two
    // accesses overlap; a dynamic exclusivity check would cost each lock two runtime calls.
    @usableFromInline @exclusivity(unchecked) var state: State
    /// The sanitizer's hooks, copied here so a lock does not check a lazy global each time.
    @usableFromInline let handOff: SanitizerHandOff

    /// Guards `initial`, moved in (a copy would retain every reference it holds).
    package init(_ initial: consuming sending State) {
        mutex = Mutex(())
        unsafe state = initial
        handOff = .current
    }

    /// Runs `body` with the state locked.
    @inlinable package func withLock<Result, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (_: inout sending Void) throws(E) -> sending Result in
            handOff.acquire(self)
            defer { handOff.release(self) }
            return unsafe try body(&state)
        }
    }
}
