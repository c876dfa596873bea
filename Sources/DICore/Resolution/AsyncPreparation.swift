/// The first phase of an awaited resolve: builds, in dependency order, the components of the
/// graph that need an await, so the synchronous resolver can take them as made.
///
/// A synchronous walk (``visit(_:origin:)``) lists those builds; ``buildListed()`` then awaits
/// them one after the other, so a resolve suspended in a factory holds no frame per level of
/// its graph (the benchmark's `awaitedInFlight10000` measures what it holds). The walk
/// follows the dependencies recorded at registration, choosing components the way the
/// resolver does, each from the point of view the resolver builds it from
/// (``Component/buildOrigin(requestedFrom:)``), and never runs a synchronous factory: the synchronous
/// pass does that. A build that fails here does not end the walk: its error is kept for the
/// synchronous pass, which reports it where it meets the component, unless it meets another
/// error first, so that the awaited resolve reports the error the synchronous one would
/// (`FirstErrorTests`). A cached async component's build runs the property injections and
/// `postInit`s scheduled so far; when they fail, it hands its instance to the pass all the
/// same, never to a cache, and the resolve fails once the pass has built its graph, where the
/// synchronous resolve runs them (`FailedPreparationKeepsNothingTests`).
struct AsyncPreparation {
    let session: ResolutionSession
    /// Components on the walk's current path, outermost first, each with whether it is needed
    /// by an initializer of the one before: meeting one again is a cycle, which the synchronous
    /// pass reports (or closes, through property injection), unless it needs an await.
    private var onPath: [(component: Component, viaInitializer: Bool)] = []
    /// Components walked already whose instance serves the whole resolve, each with the
    /// container whose point of view it was walked from (a parent's `.objectGraph` component
    /// depends on what a child registers).
    // NB: containers by address: each is on the resolve's chain or owns a component of it,
    // so it outlives this walk, which the resolve holds.
    private var visited: Set<VisitKey> = []

    private struct VisitKey: Hashable {
        let registrationID: Int
        let origin: ObjectIdentifier
    }

    /// The builds the walk found, in dependency order.
    private var listed: [Listed] = []

    /// A build the walk found: the component, the container it is built from, and the path to
    /// it (without, then with, the component).
    ///
    /// A struct of references, not a tuple: an array of tuples is copied through value witnesses.
    private struct Listed {
        let component: Component
        let origin: DIContainer
        let path: [DIComponentInfo]
        let inner: [DIComponentInfo]
    }

    init(session: ResolutionSession) {
        self.session = session
    }

    mutating func visit(
        _ dependency: Dependency,
        requester: Component?,
        origin: DIContainer,
        path: [DIComponentInfo],
        viaInitializer: Bool = true
    ) throws(DIError) {
        // Lazy and provider dependencies resolve later, in a resolve of their own.
        // Arguments are given, not looked up.
        // The resolver parameter is the resolving container.
        guard dependency.kind != .lazy && dependency.kind != .provider && dependency.kind != .argument && dependency.kind != .resolver
        else { return }
        for component in ResolutionContext.components(for: dependency, requester: requester, from: origin) {
            try visit(component, origin: origin, path: path, viaInitializer: viaInitializer)
        }
    }

    /// Visits what `getter` resolves: its pinned component (an element of `[Lazy<T>]` read
    /// later), else the components its dependency is looked up to.
    mutating func visit<Value>(_ getter: DependencyGetter<Value>, origin: DIContainer) throws(DIError) {
        if let component = getter.pinnedComponent {
            try visit(component, origin: origin, path: [], viaInitializer: true)
        } else {
            try visit(getter.dependency, requester: nil, origin: origin, path: [])
        }
    }

    private mutating func visit(
        _ component: Component,
        origin: DIContainer,
        path: [DIComponentInfo],
        viaInitializer: Bool
    ) throws(DIError) {
        let id = component.registrationID
        // Its instances stay on the main actor, and an awaited resolve hands what it builds
        // across actors: it fails before it builds anything (`MainActorBoundTests`).
        if component.isolation == .mainActorBound {
            throw DIError(.requiresMainActor(component: component.info), requested: component.type, path: path)
        }
        if let start = onPath.firstIndex(where: { $0.component.registrationID == id }) {
            // Initializers all the way round, one of them awaited: no pass can build it, and
            // the synchronous pass would only say it needs an await.
            let cycle = onPath[start...]
            let needsAwait = cycle.contains { $0.component.isolation != .nonisolated }
            if viaInitializer && needsAwait && cycle.dropFirst().allSatisfy(\.viaInitializer) {
                let steps = cycle.map { $0.component.info } + [component.info]
                throw DIError(.cycle(steps), requested: component.type, path: path)
            }
            return
        }
        let buildOrigin = component.buildOrigin(requestedFrom: origin)
        guard
            component.lifetime.isPrototype
                || visited.insert(VisitKey(registrationID: id, origin: ObjectIdentifier(buildOrigin))).inserted
        else { return }
        if let cached = component.lifetime.strategy?.cachedInstance(of: component) {
            if component.isolation != .nonisolated { session.prepared[id] = [cached] }
            return
        }
        let inner = path + [component.info]
        onPath.append((component, viaInitializer))
        for dependency in component.initializerDependencies {
            try visit(dependency, requester: component, origin: buildOrigin, path: inner)
        }
        for dependency in component.propertyDependencies {
            try visit(dependency, requester: component, origin: buildOrigin, path: inner, viaInitializer: false)
        }
        onPath.removeLast()
        guard component.isolation != .nonisolated else { return }
        listed.append(Listed(component: component, origin: buildOrigin, path: path, inner: inner))
    }

    /// Awaits the builds the walk listed, in its order.
    func buildListed() async {
        for build in listed {
            await prepare(build.component, origin: build.origin, path: build.path, inner: build.inner)
        }
    }

    /// Builds `component`, which needs an await, for the synchronous pass, keeping its error
    /// for the pass if it fails.
    private func prepare(
        _ component: Component, origin buildOrigin: DIContainer, path: [DIComponentInfo], inner: [DIComponentInfo]
    ) async {
        let id = component.registrationID
        let cell = component.lifetime.strategy?.buildCell(of: component)
        // Set when a cached async build succeeded and the actions it ran failed.
        var actionFailure: DIError?
        do throws(DIError) {
            let made: AnyObject
            if let cell {
                if component.isolation == .mainActor {
                    // On the main actor first, then claimed and built there synchronously: a
                    // main-actor build is never in flight off the main actor, so a synchronous
                    // resolve on the main actor and awaiting tasks share one build.
                    made = try await buildOnMainActor(component, origin: buildOrigin, path: path)
                } else {
                    made = try await BuildGate.shared.instance(
                        for: cell, of: component, claimant: session.resolveID, path: path
                    ) { () async throws(DIError) -> AnyObject in
                        try await buildAndKeep(component, origin: buildOrigin, path: inner, actionFailure: &actionFailure)
                    }
                }
                session.prepared[id] = [made]
            } else {
                made = try await build(component, origin: buildOrigin, path: inner)
                session.prepared[id, default: []].append(made)
            }
        } catch {
            // Kept for the synchronous pass (``ResolutionContext/unpreparedError(_:requested:)``),
            // which may meet an error before it meets this component.
            if actionFailure == nil, session.preparationFailures[id] == nil { session.preparationFailures[id] = error }
        }
        // The pass takes the prepared instance, which no cache keeps, and fails after building
        // its graph.
        if let actionFailure, session.actionFailure == nil { session.actionFailure = actionFailure }
    }

    /// Awaits the component's factory, with the component on the path (so its `Argument`
    /// parameters and its dependencies see who asks).
    private func build(_ component: Component, origin: DIContainer, path: [DIComponentInfo]) async throws(DIError) -> AnyObject {
        var context = ResolutionContext(origin: origin, session: session)
        // Only the component the resolve asks for takes the resolve's own arguments.
        session.buildsBelowTop = path.count > 1
        defer { session.buildsBelowTop = false }
        let start: ContinuousClock.Instant? = context.isObserved ? .now : nil
        do {
            try context.push(component)
            defer { context.pop() }
            let made = try await component.makeInstanceAsync(in: &context)
            if let start { context.reportCreation(of: component, since: start, depth: path.count - 1) }
            return made
        } catch {
            // The error's path starts at the component (its own failure leaves it off).
            throw error.prefixed(by: Array(path.dropLast()))
        }
    }

    /// Awaits the factory of a cached component (the gate has given this resolve its build)
    /// and runs its property injections; the gate keeps the instance.
    ///
    /// When the injections (or others they run) fail, the gate keeps nothing, the instance
    /// stays prepared for the synchronous pass, and `actionFailure` says why.
    private func buildAndKeep(
        _ component: Component, origin: DIContainer, path: [DIComponentInfo], actionFailure: inout DIError?
    ) async throws(DIError) -> AnyObject {
        let made = try await build(component, origin: origin, path: path)
        session.prepared[component.registrationID] = [made]
        var context = ResolutionContext(origin: origin, session: session)
        // Its injections take the arguments its build took, as `build` gave them.
        session.buildsBelowTop = path.count > 1
        let kept: AnyObject
        do throws(DIError) {
            kept = try context.published { (context) throws(DIError) -> AnyObject in
                // Takes the prepared instance and schedules its injections, as any new instance's.
                try component.makeInstance(in: &context)
            }
        } catch {
            session.buildsBelowTop = false
            throw error
        }
        session.buildsBelowTop = false
        do throws(DIError) {
            try await context.finishAwaiting()
        } catch {
            actionFailure = error
            throw error
        }
        return kept
    }

    /// Hops to the main actor, then gets the cached main-actor component there as a
    /// synchronous resolve on the main actor does (through the gate).
    ///
    /// The actions the build schedules run at the end of the awaited resolve, as a
    /// synchronous resolve runs them at its end: until then the instance is this resolve's
    /// provisional build, which no cache keeps unless the resolve succeeds
    /// (`FailedPreparationKeepsNothingTests`).
    private func buildOnMainActor(_ component: Component, origin: DIContainer, path: [DIComponentInfo]) async throws(DIError) -> AnyObject {
        // NB: UncheckedTransfer: the session belongs to the awaiting task, which is suspended
        // while the main actor uses it, so one thread at a time touches it; the component and
        // the container are immutable where they are read.
        let handoff = UncheckedTransfer((session: session, component: component, origin: origin))
        let outcome = await MainActor.run { () -> Outcome in
            let (session, component, origin) = handoff.value
            var context = ResolutionContext(origin: origin, session: session, callerIsolation: MainActor.shared)
            return Outcome(
                result: Result { () throws(DIError) -> AnyObject in
                    try context.published { (context) throws(DIError) -> AnyObject in
                        try context.instance(of: component)
                    }
                })
        }
        do {
            return try outcome.result.get()
        } catch {
            throw error.prefixed(by: path)
        }
    }
}

extension ResolutionContext {
    /// Why the synchronous pass cannot build the component being built, which needs an await:
    /// the failure of the awaited resolve's build of it, if it failed (the error the
    /// synchronous pass meets here, where the synchronous resolve would have met it), else
    /// `reason`.
    func unpreparedError(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        if let component = requester, let failure = session?.preparationFailures[component.registrationID] { return failure }
        return errorOfCurrentComponent(reason, requested: type)
    }
}
