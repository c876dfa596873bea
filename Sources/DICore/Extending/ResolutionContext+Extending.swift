/// What a lifetime strategy reads and writes of the resolve it builds within: the path for its
/// errors and the instances shared within one resolve (`.objectGraph`).
extension ResolutionContext {
    /// The components being built, outermost first.
    package var path: [DIComponentInfo] {
        (0..<depth).map { unsafe component(at: $0).object.info }
    }

    /// The instance shared within this resolve for the registration `id`, if any.
    package func sharedInstance(for id: Int) -> AnyObject? {
        if firstSharedID == id, let first = unsafe firstShared { return unsafe first.object }
        return unsafe session?.sharedInstances[id]
    }

    /// Shares `object` within this resolve for the registration `id`, unless one is shared
    /// already; returns the one shared.
    package mutating func share(_ object: AnyObject, for id: Int) -> AnyObject {
        if let shared = sharedInstance(for: id) { return shared }
        // Kept here only while the resolve has no session: contexts that share a session
        // (an awaited resolve's) must see each other's instances.
        if unsafe firstShared == nil && session == nil {
            firstSharedID = id
            // The context owns this one reference and releases it in `releaseFirstShared()` or
            // moves it to the session in `spillFirstShared()`.
            unsafe firstShared = unsafe .retaining(object)
            return object
        }
        let session = sharedSession()
        // A `Lazy` or `Provider` made in this resolve sees what it shares later too.
        if let graph = unsafe session.graph { graph.record(object, for: id, origin: origin) }
        return session.share(object, for: id)
    }

    /// Runs `body` with `component` on the path, as if it were being built, failing with
    /// `.cycle` if it is already there: what a strategy does around user code that may
    /// resolve the component again (a storage's lookup), so that the repetition is an error,
    /// not endless recursion.
    ///
    /// Any other error `body` throws gets this resolve's path before its own, as errors of a
    /// build do (`StorageIdentityTests.aStorageThatIgnoresItsKeyFailsWithThePathToTheDependency`).
    package mutating func asking<R>(
        for component: Component,
        _ body: () throws(DIError) -> R
    ) throws(DIError) -> R {
        do {
            try checkNotBuilding(component)
            try push(component)
            defer { pop() }
            return try body()
        } catch {
            throw error.code == .cycle ? error : error.prefixed(by: path)
        }
    }
}
