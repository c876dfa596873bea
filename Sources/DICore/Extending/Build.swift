#if canImport(Dispatch)
    import Dispatch
#endif

/// The record of a build in progress that its waiters share: made by the first claim that
/// waits for the build (see `BuildGate.BuildEntry`).
// NB: @unchecked: the mutable fields are read and written only with the gate's lock held,
// except the waiters `wake()` reads once the build has ended, when no waiter is added.
final class Build: @unchecked Sendable {
    let key: BuildKey
    /// The resolve building it.
    let owner: Int
    /// The component being built, for cycle errors; `nil` for work that builds no component
    /// (a module's load).
    let component: Component?
    /// Set when the build ends, before any waiter wakes: no waiter is added after.
    var isEnded = false
    /// The instance made, once the build has ended; `nil` if it failed.
    var instance: AnyObject?
    /// The generation of the cell the build began in, once it has ended.
    var generation = 0
    var threadWaiters = 0
    /// Whether a waiter reported the build as slow (see `BuildGate.report`).
    var isReported = false
    var taskWaiters: [CheckedContinuation<Void, Never>] = []
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

    /// Ends the build with `instance` (`nil` if it failed), made in `generation`; call with
    /// the gate's lock held, then ``wake()`` once it is released.
    func end(_ instance: AnyObject?, builtIn generation: Int) {
        self.instance = instance
        self.generation = generation
        isEnded = true
    }

    /// Wakes the build's waiters.
    ///
    /// Call it once the build has ended (its waiters change no more), with the gate's lock
    /// released. Out of line: a build no one waited for never calls it.
    @inline(never) func wake() {
        #if canImport(Dispatch)
            // Made by the first waiting thread, under the gate's lock, and never unset.
            for _ in 0..<threadWaiters { semaphore!.signal() }
        #endif
        for task in taskWaiters { task.resume() }
    }

    init(key: BuildKey, owner: Int, component: Component?) {
        self.key = key
        self.owner = owner
        self.component = component
    }
}
