/// The `.objectGraph` instances of one resolve, kept for the `Lazy` and `Provider` values it
/// made, so that they resolve into the same graph later.
///
/// The resolve writes each instance it shares here too (only once a `Lazy` or `Provider` has
/// asked for the graph); a later resolve through the `Lazy` starts with a copy.
final class SharedGraph: Sendable {
    /// The shared instances by the container whose point of view built them (its
    /// ``DIContainer/serial``: the graph may outlive a container it saw).
    private let instances = Protected<[Int: SharedInstances]>([:])

    /// Records `object`, shared for the registration `id` as `origin` sees the graph.
    func record(_ object: AnyObject, for id: Int, origin: DIContainer) {
        // NB: the boxed instance is the user's, shared with later resolves by design.
        let entry = UncheckedObject(object)
        instances.withLock { $0[origin.serial, default: SharedInstances()][id] = entry.object }
    }

    /// Records every instance a session shares so far, from every point of view.
    func record(_ session: ResolutionSession, origin: DIContainer) {
        let current = session.sharedInstances
        let stashed = session.stashedSharedInstances
        instances.withLock { instances in
            instances[origin.serial] = current
            for (key, value) in stashed { instances[key] = value }
        }
    }

    /// A session for a resolve starting at `origin` that sees these instances.
    func session(startingAt origin: DIContainer) -> ResolutionSession {
        let session = ResolutionSession()
        seed(session, startingAt: origin)
        return session
    }

    /// Gives `session`, of a resolve starting at `origin`, these instances.
    func seed(_ session: ResolutionSession, startingAt origin: DIContainer) {
        var all = instances.withLock { $0 }
        session.sharedInstances = all.removeValue(forKey: origin.serial) ?? SharedInstances()
        session.stashedSharedInstances = all
    }
}

/// An object handed across threads by a lock.
// NB: @unchecked: used only to move a shared instance into the graph's lock; the instance is
// shared with later resolves on purpose, as a cached lifetime shares its instance.
private struct UncheckedObject: @unchecked Sendable {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}
