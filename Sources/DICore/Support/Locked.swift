import Synchronization

/// State behind a `Mutex`, stored in place in its owner, with its hand-offs visible to the
/// thread sanitizer as ``Protected``'s are.
///
/// For a non-generic owner that makes one per instance: a container's registry. A
/// `Protected` is an object of its own, one allocation more per container; its owner's
/// deinit here is specialized, so destroying the `Mutex<State>` looks nothing up at run time
/// (the reason `Protected` keeps its state beside a `Mutex<Void>`).
struct Locked<State>: ~Copyable {
    private let mutex: Mutex<State>
    /// The sanitizer's hooks, copied here so a lock does not check a lazy global each time.
    private let hooks: (acquire: SanitizerHooks.Hook?, release: SanitizerHooks.Hook?)

    /// Guards `initial`, moved in.
    init(_ initial: consuming sending State) {
        mutex = Mutex(initial)
        hooks = SanitizerHooks.both
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
        // NB: only an address, the sanitizer's name for this lock; never dereferenced.
        let address = Unmanaged.passUnretained(owner).toOpaque()
        return try mutex.withLock { (state: inout sending State) throws(E) -> sending Result in
            hooks.acquire?(address)
            defer { hooks.release?(address) }
            return try body(&state)
        }
    }
}
