import Synchronization

/// State behind a `Mutex`, stored in place in its owner: ``Protected`` without an object of
/// its own.
///
/// For a non-generic owner that makes one per instance (a container's registry): its
/// owner's deinit is specialized, so destroying the `Mutex<State>` looks nothing up at run
/// time, and the lock costs no allocation of its own. Its hand-offs reach the thread
/// sanitizer through ``SanitizerHandOff``, as ``Protected``'s do.
///
/// Contract: pass ``withLock(in:_:)`` the object that stores the lock, the same one every
/// time; do not call `withLock` again from its body (the mutex is not recursive).
///
/// Guarded by `LockedTests`.
struct Locked<State>: ~Copyable {
    private let mutex: Mutex<State>
    /// The sanitizer's hooks, copied here so a lock does not check a lazy global each time.
    private let handOff: SanitizerHandOff

    /// Guards `initial`, moved in.
    init(_ initial: consuming sending State) {
        mutex = Mutex(initial)
        handOff = .current
    }

    /// Runs `body` with the state locked; `owner` is the object that stores this lock, whose
    /// address names the lock to the sanitizer.
    ///
    /// The owner's address, not the state's: taking the state's address is an access to it,
    /// which the sanitizer would see before the hand-off is announced.
    func withLock<Result, E: Error>(
        in owner: AnyObject,
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (state: inout sending State) throws(E) -> sending Result in
            handOff.acquire(owner)
            defer { handOff.release(owner) }
            return try body(&state)
        }
    }
}
