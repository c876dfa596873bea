extension DIContainer {
    /// Resolves a `T`, awaiting what needs awaiting: async factories, and main-actor
    /// components when called off the main actor.
    ///
    /// The graph is resolved by the same synchronous resolver as ``resolve(_:)``; first, the
    /// components in it that need an await are built (each in dependency order, a cached
    /// one once even when many tasks ask at once) and handed to it. A container without such
    /// components resolves synchronously at once.
    ///
    /// ```swift
    /// let session = try await container.resolve(Session.self)
    /// ```
    ///
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    public func resolve<T>(_ type: T.Type) async throws(DIError) -> T {
        // As the synchronous resolve does: a registered type first, else `[T]`, `T?`, ...
        let plain = DependencyGetter<T>(Dependency(type: T.self)) { (context) throws(DIError) -> T in
            try context.resolve(T.self)
        }
        let isRegistered = !ResolutionContext.components(for: plain.dependency, requester: nil, from: self).isEmpty
        return try await resolveAwaiting(with: isRegistered ? plain : DependencyGetter<T>.make())
    }

    /// Resolves with `getter`, preparing first what needs awaiting.
    func resolveAwaiting<T>(with getter: DependencyGetter<T>) async throws(DIError) -> T {
        guard needsAwaitingPlan else { return try resolve(with: getter) }
        let session = ResolutionSession()
        let id = BuildGate.shared.beginResolve()
        session.resolveID = id
        defer { BuildGate.shared.endResolve(id) }
        // Resolves awaited inside this one's builds (an async factory's) are nested in it.
        do {
            return try await BuildGate.$currentResolve.withValue(id) { () async throws(DIError) -> T in
                var preparation = AsyncPreparation(session: session)
                try await preparation.visit(getter.dependency, requester: nil, origin: self, path: [])
                var context = ResolutionContext(origin: self, session: session)
                return try context.published { (context) throws(DIError) -> T in
                    let value = try getter.get(&context)
                    try context.finish()
                    return value
                }
            }
        } catch {
            // NB: `withValue` rethrows untyped; only a DIError is thrown.
            throw error as! DIError
        }
    }

    /// Whether this container or one upstream holds a component that needs awaiting.
    private var needsAwaitingPlan: Bool {
        var container: DIContainer? = self
        while let current = container {
            if current.registry.withLock({ $0.hasIsolatedComponents }) { return true }
            container = current.upstream
        }
        return false
    }
}
