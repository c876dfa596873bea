/// The point of view of the resolve: which container answers lookups, and the instances shared within the resolve (`.objectGraph`) for each point of view.
extension ResolutionContext {
    /// Runs `body` with lookups answered by `container`, as a component cached in that
    /// container must be built (the hierarchy's rule for `.perContainer`).
    ///
    /// Instances shared within the resolve (`.objectGraph`) are kept per point of view: what
    /// `body` builds neither reuses nor leaves behind an instance built as another container
    /// sees the graph, so an instance cached in a parent never depends on which child asked.
    mutating func withOrigin<R>(
        _ container: DIContainer,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let saved = origin
        switchOrigin(to: container)
        defer { switchOrigin(to: saved) }
        return try body(&self)
    }

    /// Moves the shared instance kept in the context to the session, which keeps the shared
    /// instances of each point of view apart.
    mutating func spillFirstShared() {
        guard let first = unsafe firstShared else { return }
        _ = unsafe sharedSession().share(first.takeRetained(), for: firstSharedID)
        unsafe firstShared = nil
        firstSharedID = -1
    }

    /// Releases the shared instance kept in the context; the top-level resolve calls it last.
    @inlinable mutating func releaseFirstShared() {
        if let first = unsafe firstShared {
            unsafe firstShared = nil
            unsafe first.release()
        }
    }

    /// The `.objectGraph` instances of this resolve, for a `Lazy` or `Provider` it makes:
    /// what is shared so far, and what is shared after.
    mutating func sharedGraph() -> SharedGraph {
        spillFirstShared()
        let session = sharedSession()
        if let graph = unsafe session.graph { return graph }
        let graph = SharedGraph(recording: session, origin: origin)
        unsafe session.graph = graph
        return graph
    }

    /// Makes `container` the origin, keeping the shared instances of each point of view apart
    /// as ``withOrigin(_:_:)`` does.
    mutating func switchOrigin(to container: DIContainer) {
        guard container !== origin else { return }
        spillFirstShared()
        if let session {
            // The shared instances put away as the old origin's, the new one's taken out.
            let stashed = unsafe session.stashedSharedInstances.removeValue(forKey: container.serial) ?? [:]
            if unsafe !session.sharedInstances.isEmpty { unsafe session.stashedSharedInstances[origin.serial] = session.sharedInstances }
            unsafe session.sharedInstances = stashed
        }
        origin = container
    }
}
