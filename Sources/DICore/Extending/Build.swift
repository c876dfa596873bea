/// A build in progress, as the gate's table holds it and its waiters share it: made by the
/// claim that builds it, or by the first claim that finds it running outside the gate's
/// tables (a ``OnceTable``'s work, a build claimed in its slot).
// NB: @unchecked: the mutable fields are read and written only with the gate's lock held,
// except the waiters, read once the build has ended, when no waiter is added.
final class Build: @unchecked Sendable {
    /// The resolve building it.
    let owner: Int
    /// The component being built, for cycle errors; `nil` for work that builds no component
    /// (a module's load).
    let component: Component?
    /// Set when the build ends, before any waiter wakes: no waiter is added after.
    var isEnded = false
    /// The instance of a provisional build until it ends: given to its owner's resolve (and
    /// those nested in it) at once; the others wait until the owner settles it.
    var provisional: AnyObject?
    /// The instance made, once the build has ended; `nil` if it failed.
    var instance: AnyObject?
    /// The generation of the cell the build began in, once it has ended.
    var generation = 0
    /// Whether a waiter reported the build as slow (see `BuildGate.report`).
    var isReported = false
    /// What wakes each waiter (a thread's semaphore, a task's continuation): called once the
    /// build has ended (its waiters change no more), with the gate's lock released.
    var waiters: [() -> Void] = []

    init(owner: Int, component: Component?) {
        self.owner = owner
        self.component = component
    }
}
