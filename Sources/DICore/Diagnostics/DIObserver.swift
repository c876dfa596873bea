/// Watches a container: its registrations, the resolves started from it, and the instances of
/// its components as they are created, with how long each took.
///
/// Add one with ``DIContainer/addObserver(_:)``. Every method has an empty default, so an
/// observer implements only what it needs. Methods are called on the thread that registers or
/// resolves, while the resolve runs: keep them short, and do not resolve from them.
///
/// A container's observers see the resolves started from it and every instance those
/// resolves create (also a parent container's components, built for it), but not the
/// resolves started from another container. Observing is free when nobody observes: a cached
/// instance is returned without looking, and a build reads one atomic flag of the container.
///
/// What is built at launch, and how long each took:
///
/// ```swift
/// final class LaunchLog: DIObserver {
///     let rows = Mutex<[(String, Duration, Int)]>([])
///     func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int) {
///         rows.withLock { $0.append((String(describing: component.type), duration, depth)) }
///     }
/// }
/// let log = LaunchLog()
/// container.addObserver(log)
/// _ = try container.resolve(AppCoordinator.self)
/// for (name, duration, depth) in log.rows.withLock({ $0 }) {
///     print(String(repeating: "  ", count: depth) + name, duration)
/// }
/// container.removeObserver(log)
/// ```
public protocol DIObserver: AnyObject, Sendable {
    /// A component was registered (or registered again from the same site).
    func container(_ container: DIContainer, didRegister component: DIComponentInfo)

    /// A resolve started from `container` ended: the requested type, how long it took, and
    /// the error if it failed. Resolves answered from a cache without building are not seen.
    func container(_ container: DIContainer, didResolve type: Any.Type, in duration: Duration, error: DIError?)

    /// An instance of `component` was created: how long its factory took (its dependencies
    /// included), and how deep in the graph it was (0 for the requested component).
    func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int)

    /// A resolve started from `container` has waited longer than
    /// ``DIContainer/slowBuildWarning`` for another resolve's build of a component: what it
    /// waits for and what the resolve building it is doing. The resolve keeps waiting; this
    /// is called once per wait, on the waiting thread.
    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild)

    /// The optional resolve of `container` (`let x: T? = container.resolve()`, or
    /// `resolve(name:)`) returned `nil` for `type` because a registered component failed:
    /// `error` says why.
    ///
    /// Called for every such `nil`, also from a resolve inside a factory, and never for the
    /// `nil` that means "not available": nothing registered for the requested type. A
    /// top-level resolve also reports its end through
    /// ``container(_:didResolve:in:error:)``.
    func container(_ container: DIContainer, didReturnNilFor type: Any.Type, error: DIError)
}

extension DIObserver {
    /// Does nothing.
    public func container(_ container: DIContainer, didRegister component: DIComponentInfo) {}
    /// Does nothing.
    public func container(_ container: DIContainer, didResolve type: Any.Type, in duration: Duration, error: DIError?) {}
    /// Does nothing.
    public func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int) {}
    /// Does nothing.
    public func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {}
    /// Does nothing.
    public func container(_ container: DIContainer, didReturnNilFor type: Any.Type, error: DIError) {}
}
