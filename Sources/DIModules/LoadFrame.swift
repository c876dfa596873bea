import DICore

/// The part or framework whose `load` is running on this task, and the chain of nested
/// appends it belongs to.
struct LoadFrame: Sendable {
    /// The innermost load running on this task.
    @TaskLocal static var current: LoadFrame?

    /// Identifies one outermost `append` and every append nested in its loads (a claimant of
    /// the build gate): what waits for what, to tell a cyclic append from another thread's load.
    let chain: Int
    /// The container being loaded into (its serial: a task made in a load may outlive it).
    let container: Int
    /// What the running load registers components as.
    let origin: ComponentOrigin

    /// The load running on this task into `container`, if any.
    static func current(in container: DIContainer) -> LoadFrame? {
        current.flatMap { $0.container == container.serial ? $0 : nil }
    }
}
