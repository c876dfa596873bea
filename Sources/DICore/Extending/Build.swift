#if canImport(Dispatch)
    import Dispatch
#endif

/// The record of a build in progress that its waiters share: made by the first claim that
/// waits for the build (see `BuildGate.BuildEntry`).
// NB: @unchecked: the mutable fields are read and written only with the gate's lock held.
final class Build: @unchecked Sendable {
    let key: BuildKey
    /// The resolve building it.
    let owner: Int
    /// The component being built, for cycle errors; `nil` for work that builds no component
    /// (a module's load).
    let component: Component?
    /// Set when the build ends, before any waiter wakes.
    var outcome: Outcome?
    /// The generation of the cell the build began in, once it has finished.
    var generation: Int?
    var threadWaiters = 0
    /// Whether a waiter reported the build as slow (see `BuildGate.wait(for:of:in:)`).
    var isReported = false
    var taskWaiters: [CheckedContinuation<BuildGate.Claim, Never>] = []
    #if canImport(Dispatch)
        /// Signalled once per waiting thread when the build ends; made, with the gate's lock
        /// held, by the first thread that waits (most builds have none), never unset.
        var semaphore: DispatchSemaphore?
    #endif

    /// Records a thread that waits for the build; call with the gate's lock held.
    func addThreadWaiter() {
        threadWaiters += 1
        #if canImport(Dispatch)
            if semaphore == nil { semaphore = DispatchSemaphore(value: 0) }
        #endif
    }

    init(key: BuildKey, owner: Int, component: Component?) {
        self.key = key
        self.owner = owner
        self.component = component
    }
}
