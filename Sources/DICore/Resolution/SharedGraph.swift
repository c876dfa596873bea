/// The `.objectGraph` instances of one resolve, kept for the `Lazy` and `Provider` values it
/// made, so that they resolve into the same graph later.
///
/// The resolve writes each instance it shares here too (only once a `Lazy` or `Provider` has
/// asked for the graph); a later resolve through the `Lazy` starts with a copy.
///
/// The graph holds its instances weakly: the resolve holds them while it runs, the app after
/// it. An instance that holds a `Lazy` or `Provider` of its own graph is freed when the app
/// lets it go, and a `Provider` keeps no instance alive that it never asks for
/// (`LazyProviderReleaseTests`); an instance the app let go is made anew by a later read.
final class SharedGraph: Sendable {
    /// The shared instances by the container whose point of view built them (its
    /// ``DIContainer/serial``: the graph may outlive a container it saw).
    // NB: UnsafeTransfer: each weak reference is read and written only under this lock; the
    // instance it gives is shared with later resolves on purpose, as a cached lifetime shares
    // its instance.
    private let instances: Protected<[Int: [Int: UnsafeTransfer<WeakInstance>]]>

    /// A graph of every instance `session` shares so far, from every point of view (its
    /// current one `origin`'s).
    init(recording session: ResolutionSession, origin: DIContainer) {
        var all = unsafe session.stashedSharedInstances
        all[origin.serial] = unsafe session.sharedInstances
        instances = Protected(all.mapValues { $0.compactMapValues { unsafe WeakInstance($0).map(UnsafeTransfer.init) } })
    }

    /// Records `object`, shared for the registration `id` as `origin` sees the graph.
    func record(_ object: AnyObject, for id: Int, origin: DIContainer) {
        guard let entry = WeakInstance(object) else { return }
        let transfer = unsafe UnsafeTransfer(entry)
        instances.withLock { $0[origin.serial, default: [:]][id] = transfer }
    }

    /// Gives `session`, of a resolve starting at `origin`, the instances of `graph` still
    /// alive: none without a graph.
    static func seed(_ session: ResolutionSession, from graph: SharedGraph?, startingAt origin: DIContainer) {
        var all = graph?.instances.withLock { $0 }.mapValues { $0.compactMapValues { $0.value.instance } } ?? [:]
        unsafe session.sharedInstances = all.removeValue(forKey: origin.serial) ?? [:]
        unsafe session.stashedSharedInstances = all
    }
}

/// A shared instance the graph does not keep alive; the graph keeps it in an
/// `UnsafeTransfer` (see ``SharedGraph/instances``).
private struct WeakInstance {
    /// The instance, or the class instance a value box holds (a component registered as a
    /// protocol whose instances are objects).
    weak var object: AnyObject?
    /// Boxes `object` again, for an instance that was shared in a box.
    let rebox: (@Sendable (AnyObject) -> AnyObject)?

    /// The entry of `instance`, or `nil` for a value that is no object: a value has no
    /// identity to share after the resolve, so a later read makes it anew.
    init?(_ instance: AnyObject) {
        if let box = instance as? any ValueBoxProtocol {
            guard let (object, rebox) = box.sharedObject() else { return nil }
            self.object = object
            self.rebox = rebox
        } else {
            self.object = instance
            self.rebox = nil
        }
    }

    /// The instance as the resolve shared it, if it is still alive.
    var instance: AnyObject? {
        guard let object else { return nil }
        return rebox.map { $0(object) } ?? object
    }
}

/// A box whose value may be an object (a component registered as a protocol type).
extension ValueBox {
    func sharedObject() -> (AnyObject, @Sendable (AnyObject) -> AnyObject)? {
        guard Swift.type(of: value as Any) is AnyObject.Type else { return nil }
        // NB: a class instance bridges to itself; `as!` back to `T` cannot fail, as the object
        // came out of a `T`.
        return (value as AnyObject, { ValueBox($0 as! T) })
    }
}
