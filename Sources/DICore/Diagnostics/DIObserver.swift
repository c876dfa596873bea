import Synchronization

/// Watches a container: its registrations, the resolves started from it, and the instances of
/// its components as they are created, with how long each took.
///
/// Add one with ``DIContainer/addObserver(_:)``. Every method has an empty default, so an
/// observer implements only what it needs. Methods are called on the thread that registers or
/// resolves, while the resolve runs: keep them short, and do not resolve from them.
///
/// Observing is free when nobody observes: a cached instance is returned without looking, and
/// a build reads one atomic flag.
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
}

extension DIObserver {
    /// Does nothing.
    public func container(_ container: DIContainer, didRegister component: DIComponentInfo) {}
    /// Does nothing.
    public func container(_ container: DIContainer, didResolve type: Any.Type, in duration: Duration, error: DIError?) {}
    /// Does nothing.
    public func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int) {}
}

extension DIContainer {
    /// Adds an observer of this container's registrations, resolves and instance creations.
    ///
    /// The container keeps the observer until ``removeObserver(_:)`` or its own end.
    ///
    /// - Parameter observer: The observer; adding one twice adds it once.
    public func addObserver(_ observer: any DIObserver) {
        let list = observers
        let added = list.observers.withLock { observers in
            guard !observers.contains(where: { $0 === observer }) else { return false }
            observers.append(observer)
            return true
        }
        guard added else { return }
        Observation.active.add(1, ordering: .relaxed)
        if list.watchesEnd.exchange(true, ordering: .relaxed) == false {
            lifetime.observeEnded { [list] in
                let remaining = list.observers.withLock { observers in
                    defer { observers.removeAll() }
                    return observers.count
                }
                if remaining > 0 { Observation.active.subtract(remaining, ordering: .relaxed) }
            }
        }
    }

    /// Removes an observer added with ``addObserver(_:)``.
    public func removeObserver(_ observer: any DIObserver) {
        let removed = observers.observers.withLock { observers in
            guard let index = observers.firstIndex(where: { $0 === observer }) else { return false }
            observers.remove(at: index)
            return true
        }
        if removed { Observation.active.subtract(1, ordering: .relaxed) }
    }

    /// This container's observers.
    var observers: ObserverList {
        extensionState(ObserverList.self) { ObserverList() }
    }

    /// Tells the observers that `registration` was committed.
    func reportRegistration(_ info: DIComponentInfo) {
        for observer in observers.observers.withLock({ $0 }) { observer.container(self, didRegister: info) }
    }

    /// Tells the observers that a resolve of `type` ended.
    @usableFromInline
    func reportResolve(_ type: Any.Type, since start: ContinuousClock.Instant, error: DIError?) {
        let duration = ContinuousClock.now - start
        for observer in observers.observers.withLock({ $0 }) {
            observer.container(self, didResolve: type, in: duration, error: error)
        }
    }
}

/// The observers of one container.
final class ObserverList: Sendable {
    let observers = Protected<[any DIObserver]>([])
    /// Whether the container's end already removes the observers from the count.
    let watchesEnd = Atomic(false)
}

/// Whether any container has an observer: the one flag a build reads.
@usableFromInline
enum Observation {
    @usableFromInline
    static let active = Atomic<Int>(0)

    /// Whether anyone observes any container.
    @inlinable
    static var isActive: Bool { active.load(ordering: .relaxed) > 0 }
}

extension ResolutionContext {
    /// Tells the observers of `component`'s container that an instance was created.
    @usableFromInline
    func reportCreation(of component: Component, since start: ContinuousClock.Instant, depth: Int? = nil) {
        let duration = ContinuousClock.now - start
        let owner = component.owner
        for observer in owner.observers.observers.withLock({ $0 }) {
            observer.container(owner, didCreate: component.info, in: duration, depth: depth ?? self.depth)
        }
    }
}
