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
    /// In async functions, actors and `@MainActor` code, `try await container.resolve(_:)` picks
    /// this overload. Top-level code (a `main.swift`) is the exception: Swift 6.3 ranks the
    /// synchronous ``resolve(_:isolation:)`` first there even after `await`, so write
    /// ``resolveAsync(_:)``, which has no synchronous twin.
    ///
    /// - Parameter type: The type to resolve.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    @inlinable nonisolated(nonsending) public func resolve<T>(_ type: T.Type) async throws(DIError) -> T {
        // Nothing to await: the synchronous resolve, its cache hit read inline.
        if !_needsAwaitingPlan { return try resolve(T.self, isolation: nil) }
        return try await resolveAwaiting(T.self, qualifier: nil)
    }

    /// Resolves a `T`, awaiting what needs awaiting: the awaited resolve under a name that has
    /// no synchronous twin, so it is chosen in every context, top-level code included.
    ///
    /// ```swift
    /// // main.swift
    /// let session = try await container.resolveAsync(Session.self)
    /// ```
    ///
    /// It is the awaited `resolve(_:)` by another name; use it wherever the
    /// awaited resolve is meant, and always in top-level code.
    ///
    /// - Parameter type: The type to resolve.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    @inlinable nonisolated(nonsending) public func resolveAsync<T>(_ type: T.Type) async throws(DIError) -> T {
        try await resolve(type)
    }

    /// The awaited door every awaited overload goes through: the request for `T` with
    /// `qualifier` (and `arguments`, checked as ``argumentSession(for:qualifier:all:)`` says)
    /// understood as the synchronous ``resolve(_:qualifier:arguments:callerIsolation:)``
    /// understands it, by ``DependencyGetter/request(qualifier:from:)``, and resolved
    /// synchronously with that getter when nothing on the chain needs awaiting
    /// (``resolveAwaiting(with:session:isReported:)``).
    @usableFromInline nonisolated(nonsending) func resolveAwaiting<T>(_ type: T.Type, qualifier: Qualifier?, arguments: [Any]? = nil)
        async throws(DIError) -> T
    {
        let session = try arguments.map { (all) throws(DIError) in try argumentSession(for: T.self, qualifier: qualifier, all: all) }
        return try await resolveAwaiting(with: .request(qualifier: qualifier, from: self), session: session)
    }

    /// Resolves with `getter` after building, in dependency order, what needs awaiting.
    ///
    /// Where its synchronous pass meets a build another resolve is making, it does not block
    /// its thread: it drops what it built and scheduled, suspends until that build has ended,
    /// and starts over (``startOver(session:)``).
    ///
    /// A try's preparation runs in this frame; its builds (`AsyncPreparation.prepare(_:)`) and
    /// its pass (`scopedPass(with:from:session:onMainActor:)`) each run in a frame of their own,
    /// and the task scope is set around each factory and around the pass
    /// (the benchmark's `awaitedInFlight10000` measures what a resolve suspended in a factory holds).
    nonisolated(nonsending) func resolveAwaiting<T>(
        with getter: DependencyGetter<T>, session given: ResolutionSession? = nil, isReported: Bool = false
    ) async throws(DIError) -> T {
        guard _needsAwaitingPlan else { return try resolve(with: getter, session: given) }
        if !isReported && isObserved.load(ordering: .relaxed) { return try await resolveObserved(with: getter, session: given) }
        // The session (`given`, or a new one), begun with the build gate: inline, as only the
        // session stays in the frame across the awaits (the benchmark's `awaitedInFlight10000`).
        var session = given ?? ResolutionSession()
        unsafe session.resolveID = BuildGate.shared.beginResolve()
        defer { BuildGate.shared.endResolve(unsafe session.resolveID) }
        while true {
            do throws(DIError) {
                let preparation = try AsyncPreparation(walking: getter, origin: self, session: session)
                // Its builds in the walk's order, until one tells the resolve to start over (a
                // build's synchronous dependency met another resolve's build); in this frame, so
                // a build adds one frame.
                for build in preparation.listed where session.startOver == nil { await preparation.prepare(build) }
                if let error = session.startOver?.error { throw error }
                return try await Self.scopedPass(with: getter, from: self, session: session, onMainActor: preparation.needsMainActor)
            } catch {
                guard let next = await startOver(after: error, session: session) else { throw error }
                session = next
            }
        }
    }

    /// ``resolveAwaiting(with:session:isReported:)`` told to this container's observers, which
    /// it reports its waits to.
    @inline(never)
    nonisolated(nonsending) private func resolveObserved<T>(with getter: DependencyGetter<T>, session given: ResolutionSession?)
        async throws(DIError) -> T
    {
        let start = ContinuousClock.now
        let session = given ?? ResolutionSession()
        unsafe session.observedBy = self
        do {
            let value = try await resolveAwaiting(with: getter, session: session, isReported: true)
            reportResolve(T.self, since: start, error: nil)
            return value
        } catch {
            reportResolve(T.self, since: start, error: error)
            throw error
        }
    }

    /// ``pass(with:from:session:callerIsolation:)`` as part of the resolve of `session`
    /// (resolves awaited in its actions are nested in it), in one turn of the main actor when
    /// the graph has a main-actor component to build: the pass builds it there as the
    /// synchronous door on the main actor does, and its main-actor actions run inline, so the
    /// resolve never holds a provisional build while it waits for the main actor, and fails
    /// where the synchronous door on the main actor would (`AwaitedMainActorActionsTests`).
    nonisolated(nonsending) private static func scopedPass<T>(
        with getter: DependencyGetter<T>, from origin: DIContainer, session: ResolutionSession, onMainActor: Bool
    ) async throws(DIError) -> T {
        do {
            return try await BuildGate.$taskScope.withValue(BuildGate.taskScope(resolving: unsafe session.resolveID)) {
                () async throws(DIError) -> T in
                guard onMainActor else { return try await pass(with: getter, from: origin, session: session, callerIsolation: nil) }
                // NB: UnsafeTransfer: the session belongs to this resolve, suspended while the
                // main actor uses it; the getter and the container are immutable; the value is
                // handed back to this resolve's caller, as the synchronous door hands it.
                let handoff = unsafe UnsafeTransfer((getter: getter, container: origin, session: session))
                return try await { @MainActor () async throws(DIError) -> UnsafeTransfer<T> in
                    let (getter, origin, session) = handoff.value
                    let value = try await pass(with: getter, from: origin, session: session, callerIsolation: MainActor.shared)
                    return unsafe UnsafeTransfer(value)
                }().value
            }
        } catch {
            // NB: `withValue` rethrows untyped; only a DIError is thrown.
            throw error as! DIError
        }
    }

    /// Ends a try of the awaited resolve of `session` that failed with `failure`: drops the
    /// provisional builds it made, then, if the gate told the resolve to start over
    /// (`BuildGate.WaitMode.startOver`), suspends until each build it could not wait for has
    /// ended and returns the session to begin again with; else returns `nil`.
    ///
    /// Out of line: the slow path adds no code to every awaited resolve.
    @inline(never) nonisolated(nonsending) private func startOver(after failure: DIError, session: ResolutionSession)
        async -> ResolutionSession?
    {
        let context = unsafe ResolutionContext(origin: self, session: session)
        context.settleProvisionalBuilds(failure: failure)
        context.deallocateState()
        // The first error that told it to start over carries the path where it met the build.
        guard let startOver = session.startOver else { return nil }
        let claimant = unsafe session.resolveID
        let observer = unsafe session.observedBy
        for build in startOver.builds {
            await BuildGate.shared.awaitEnd(of: build, claimant: claimant, path: startOver.error.path, observedBy: observer)
        }
        return session.startingOver(from: self)
    }

    /// The synchronous pass of an awaited resolve, then its actions, then its provisional
    /// builds kept: the one end of every awaited door.
    ///
    /// Each action runs on the actor it declares: inline where it can run (a main-actor one on
    /// the main actor), else awaited (`ResolutionContext.finishAwaiting()`).
    nonisolated(nonsending) private static func pass<T>(
        with getter: DependencyGetter<T>, from origin: DIContainer, session: ResolutionSession, callerIsolation: (any Actor)?
    ) async throws(DIError) -> T {
        var context = unsafe ResolutionContext(origin: origin, session: session, callerIsolation: callerIsolation)
        defer { context.deallocateState() }
        let value = try context.published { (context) throws(DIError) -> T in try getter.get(&context) }
        try context.published { (context) throws(DIError) in try context.finish(inlineOnly: true) }
        // Kept without a suspension when every action ran inline: a turn of the main actor
        // then never ends holding a build that a synchronous wait on the main actor waits for.
        guard context.hasPendingActions else { return value }
        // NB: UnsafeTransfer: the context is this resolve's, used by one task at a time; what
        // is left are async actions (or main-actor ones after one), awaited off this actor.
        var rest = unsafe UnsafeTransfer(context)
        try await rest.value.finishAwaiting()
        return value
    }

    /// Whether this container or one upstream (the containers of ``chain``) holds a component
    /// that needs awaiting.
    // NB: recursive, not a walk of `chain`, whose iterator retains each container: this is
    // read by every awaited resolve before anything else.
    @usableFromInline
    var _needsAwaitingPlan: Bool { hasIsolatedComponents.load(ordering: .acquiring) || hierarchyLink?.parent._needsAwaitingPlan == true }
}

// NB: named `resolveAsync`, not overloads of `resolve`: in async code an async overload would
// be chosen for every `try container.resolve(T.self, name: ...)`, turning synchronous calls
// that compiled into errors (and top-level code picks the synchronous one anyway).
extension DIContainer {
    /// Resolves the `T` registered with `name`, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    nonisolated(nonsending) public func resolveAsync<T>(_ type: T.Type, name: String) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: .name(name))
    }

    /// Resolves the `T` tagged with `tag`, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    nonisolated(nonsending) public func resolveAsync<T, Tag>(_ type: T.Type, tag: Tag.Type) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: Qualifier(tag: tag))
    }

    /// Resolves the `T` registered with the name `Key.name`, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, naming the type, the name and the resolution path.
    nonisolated(nonsending) public func resolveAsync<T, Key: DIName>(_ type: T.Type, named name: Key.Type) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: .name(Key.name))
    }

    /// Resolves the `T` that carries every one of the given tags, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``: ``DIError/Code-swift.struct/notRegistered`` when no component
    ///   carries them all, ``DIError/Code-swift.struct/ambiguous`` when several do.
    nonisolated(nonsending) public func resolveAsync<T, First, each Rest>(
        _ type: T.Type, tags first: First.Type, _ rest: repeat (each Rest).Type
    ) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: Qualifier(tags: first, repeat each rest))
    }

    /// Resolves a `T` whose `Argument` parameters take `arguments`, awaiting what needs
    /// awaiting; ``DIArguments`` among them go to the components of their type.
    ///
    /// - Throws: ``DIError``, as the synchronous `resolve(_:arguments:)` does.
    nonisolated(nonsending) public func resolveAsync<T, First, each Rest>(
        _ type: T.Type, arguments first: First, _ rest: repeat each Rest
    ) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: nil, arguments: DIArguments.values(first, repeat each rest))
    }

    /// Resolves a `T`, giving arguments to the components of the types they address,
    /// awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, as the synchronous `resolve(_:arguments:)` does.
    @_disfavoredOverload
    nonisolated(nonsending) public func resolveAsync<T>(_ type: T.Type, arguments first: DIArguments, _ more: DIArguments...)
        async throws(DIError) -> T
    {
        try await resolveAwaiting(T.self, qualifier: nil, arguments: [first] + more)
    }

    /// Resolves the `T` registered with `name` with arguments, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, as the synchronous `resolve(_:arguments:)` does.
    nonisolated(nonsending) public func resolveAsync<T, First, each Rest>(
        _ type: T.Type, name: String, arguments first: First, _ rest: repeat each Rest
    ) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: .name(name), arguments: DIArguments.values(first, repeat each rest))
    }

    /// Resolves the `T` tagged with `tag` with arguments, awaiting what needs awaiting.
    ///
    /// - Throws: ``DIError``, as the synchronous `resolve(_:arguments:)` does.
    nonisolated(nonsending) public func resolveAsync<T, Tag, First, each Rest>(
        _ type: T.Type, tag: Tag.Type, arguments first: First, _ rest: repeat each Rest
    ) async throws(DIError) -> T {
        try await resolveAwaiting(T.self, qualifier: Qualifier(tag: tag), arguments: DIArguments.values(first, repeat each rest))
    }
}
