/// The first phase of an awaited resolve: builds, in dependency order, the components of the
/// graph that need an await, so the synchronous resolver can take them as made.
///
/// A synchronous walk (``visit(_:origin:)``) lists those builds; the awaited resolve then
/// awaits them one after the other (``prepare(_:)``), so a resolve suspended in a factory
/// holds no frame per level of its graph (the benchmark's `awaitedInFlight10000` measures
/// what it holds). The walk
/// follows the dependencies recorded at registration, choosing components the way the
/// resolver does, each from the point of view the resolver builds it from
/// (``Component/buildOrigin(requestedFrom:)``), and never runs a synchronous factory: the synchronous
/// pass does that. A build that fails here does not end the walk: its error is kept for the
/// synchronous pass, which reports it where it meets the component, unless it meets another
/// error first, so that the awaited resolve reports the error the synchronous one would
/// (`FirstErrorTests`). A build here runs the factory only: the instance's property injections
/// and `postInit`s are scheduled as any new instance's and run at the resolve's end, once, after
/// every property injection of the resolve; a cached component with actions is kept only once
/// they have run (`AwaitedMainActorActionsTests`, `FailedPreparationKeepsNothingTests`).
struct AsyncPreparation {
    let session: ResolutionSession
    /// The components whose async factories this task is awaiting, outermost first, through
    /// every awaited resolve it is nested in (an async factory awaiting a resolve): the path
    /// this resolve's walk continues.
    ///
    /// A synchronous resolve inside a factory joins its resolve's path; an awaited one starts
    /// a walk of its own, which continues this path instead: past
    /// ``ResolutionContext/cycleCheckDepth`` a component met again on it is a `.cycle`, as on
    /// the synchronous door, and past ``ResolutionContext/maxDepth`` the resolve is `.tooDeep`
    /// (`AsyncPrototypeCycleTests`).
    @TaskLocal static var awaitedPath: [Component] = []
    /// ``awaitedPath`` when this resolve began.
    private let outer: [Component]
    /// Components on the walk's current path, outermost first, each with whether it is needed
    /// by an initializer of the one before: meeting one again is a cycle, which the synchronous
    /// pass reports (or closes, through property injection), unless it needs an await.
    private var onPath: [(component: Component, viaInitializer: Bool)] = []
    /// Components walked already whose instance serves the whole resolve, each keyed by the
    /// container whose point of view it was walked from (a parent's `.objectGraph` component
    /// depends on what a child registers) and its registration ID, as a ``BuildKey``, with
    /// whether it was walked inside an async factory's build (which runs off the main actor,
    /// so a main-actor component it reaches is listed).
    // NB: containers by address: each is on the resolve's chain or owns a component of it,
    // so it outlives this walk, which the resolve holds.
    private var visited: [BuildKey: Bool] = [:]

    /// The builds the walk found, in dependency order: the awaited resolve awaits each with
    /// ``prepare(_:)``, in its own frame.
    private(set) var listed: [Listed] = []

    /// Whether the graph has a main-actor component to build: its synchronous pass and its
    /// actions then run in one turn of the main actor (see
    /// `DIContainer.resolveAwaiting(with:session:isReported:)`).
    private(set) var needsMainActor = false

    /// A build the walk found: the component, the container it is built from, and the walk's
    /// path to it, the component last (its path of ``DIComponentInfo`` is made only for an
    /// error or a report).
    ///
    /// A struct of references, not a tuple: an array of tuples is copied through value witnesses.
    struct Listed {
        let component: Component
        let origin: DIContainer
        let components: [Component]

        /// The path of ``DIComponentInfo`` to the component, without it.
        var path: [DIComponentInfo] { components.dropLast().map(\.info) }

        /// The cell the component's lifetime keeps its instance in, if it keeps one.
        @inline(never) func cell() -> (any BuildCell)? { component.lifetime.strategy?.buildCell(of: component) }
    }

    /// The walk of what `getter` resolves from `origin` for the resolve of `session`.
    ///
    /// It starts at the getter's pinned component (an element of `[Lazy<T>]` read later), else
    /// at the components its dependency is looked up to. Out of line: its state stays out of
    /// the resolve's frame.
    @inline(never) init<Value>(walking getter: DependencyGetter<Value>, origin: DIContainer, session: ResolutionSession) throws(DIError) {
        self.session = session
        self.outer = Self.awaitedPath
        if let component = getter.pinnedCandidate?.component {
            try visit(component, origin: origin, viaInitializer: true)
        } else {
            try visit(getter.dependency, requester: nil, origin: origin)
        }
    }

    /// Visits the components `dependency` of `requester` finds from `origin`, if the build
    /// looks it up (``Dependency/isLookedUpByTheBuild``).
    private mutating func visit(_ dependency: Dependency, requester: Component?, origin: DIContainer) throws(DIError) {
        guard dependency.isLookedUpByTheBuild else { return }
        for candidate in ResolutionContext.lookUp(dependency, requester: requester, from: origin).candidates {
            try visit(candidate.component, origin: origin, viaInitializer: !dependency.isProperty)
        }
    }

    /// The walk's path of ``DIComponentInfo`` to the component it is at, for errors: the
    /// components on ``onPath``.
    private var path: [DIComponentInfo] { onPath.map(\.component.info) }

    private mutating func visit(_ component: Component, origin: DIContainer, viaInitializer: Bool) throws(DIError) {
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
        let key = BuildKey(ObjectIdentifier(buildOrigin), index: id)
        // Walked once where the synchronous pass builds it, it is walked again inside an async
        // factory's build, which runs off the main actor: the main-actor components it reaches
        // are then listed, before that build
        // (`DifferentialKnownIssueTests.anAsyncFactoryTakesAMainActorComponentWalkedBefore`).
        let insideAsyncBuild = onPath.contains { $0.component.isolation == .async }
        // `nil` when not walked yet (a `.prototype` component, always), else whether it was
        // walked inside an async factory's build.
        let walked = component.isPrototype ? nil : visited[key]
        guard walked == nil || (walked == false && insideAsyncBuild) else { return }
        if !component.isPrototype { visited[key] = insideAsyncBuild }
        if let hit = component.lifetime.strategy?.buildCell(of: component)?.cached() {
            // Held until the resolve ends: a `.weak` cache keeps it only while someone does
            // (`DifferentialKnownIssueTests.concurrentAwaitedResolvesOfAWeakAsyncComponent`).
            unsafe session.heldInstances.append(hit)
            return
        }
        // Built here, as the synchronous door checks what it builds (a hit is no step).
        if !outer.isEmpty { try checkAwaitedPath(entering: component) }
        // A main-actor component is built by the synchronous pass, on the main actor, unless
        // an async factory's build needs it first (that build runs off the main actor); one
        // that serves the whole resolve is listed once.
        let isListed =
            switch component.isolation {
            // `.mainActorBound` is refused at the top of this walk.
            case .nonisolated, .mainActorBound: false
            case .async: walked == nil
            case .mainActor: insideAsyncBuild
            }
        needsMainActor = needsMainActor || component.isolation == .mainActor
        onPath.append((component, viaInitializer))
        // Two loops, not one over the lists joined: joining copies the first list.
        for dependency in component.initializerDependencies { try visit(dependency, requester: component, origin: buildOrigin) }
        for dependency in component.propertyDependencies { try visit(dependency, requester: component, origin: buildOrigin) }
        onPath.removeLast()
        guard isListed else { return }
        listed.append(Listed(component: component, origin: buildOrigin, components: onPath.map(\.component) + [component]))
    }

    /// Fails if entering `component` continues the path of the async factories this resolve
    /// is nested in (``awaitedPath``) as the synchronous door's path check would fail: a
    /// repetition past ``ResolutionContext/cycleCheckDepth`` is a `.cycle`, a path of
    /// ``ResolutionContext/maxDepth`` is `.tooDeep`.
    private func checkAwaitedPath(entering component: Component) throws(DIError) {
        let depth = outer.count + onPath.count
        guard depth >= ResolutionContext.cycleCheckDepth else { return }
        let repetition = ResolutionContext.repetition(of: component, depth: depth) { index in
            let step = index < outer.count ? outer[index] : onPath[index - outer.count].component
            return unsafe UnsafeObjectWord(unretained: step).bits
        }
        if let repetition { throw repetition }
        if depth >= ResolutionContext.maxDepth {
            throw DIError(.tooDeep(limit: ResolutionContext.maxDepth), requested: component.type, path: outer.map(\.info) + path)
        }
    }

    /// Builds the component of `build`, which needs an await, for the synchronous pass,
    /// keeping its error for the pass if it fails.
    ///
    /// It runs the factory only: the instance's actions are scheduled where the synchronous
    /// pass takes it, like any new instance's, and run at the resolve's end, once
    /// (`AwaitedMainActorActionsTests.anAwaitedResolveRunsEachMainActorActionOnce`). A cached
    /// component is claimed by an awaited claim, so no task blocks a thread (or the main
    /// actor) waiting for another's build (`fourTasksAwaitingOneMainActorComponentAllReturn`);
    /// its instance is kept at once, unless it has actions or its build scheduled some (an
    /// instance it holds has): then only once the resolve has run them and succeeded (the
    /// synchronous gate's rule, in `BuildGate.value(for:of:reportedAs:in:requested:_:)`).
    ///
    /// The factory is awaited in this frame, with the component on the path (so its `Argument`
    /// parameters and its dependencies see who asks), the resolve as the task's
    /// (``BuildGate/TaskScope``), and the walk's path to it on ``awaitedPath`` after
    /// ``outer``, for the resolves the factory awaits.
    // NB: the frame alive while the factory is suspended holds the build, its cell, ticket
    // and context, and the start of an observed build, nothing more: the rest is in
    // synchronous helpers, out of line (the benchmark's `awaitedInFlight10000`).
    @inline(never) nonisolated(nonsending) func prepare(_ build: Listed) async {
        let cell = build.cell()
        let ticket = if let cell { await claim(build, in: cell) } else { BuildGate.BuildTicket?.none }
        if cell != nil && ticket == nil { return }
        var context = beginBuild(build)
        let start = context.isObserved ? ContinuousClock.now - Self.clockStart : nil
        var made: AnyObject?
        var failure: DIError?
        do {
            let path = outer.isEmpty ? build.components : outer + build.components
            made = try await Self.$awaitedPath.withValue(path) { () async throws -> AnyObject in
                try await BuildGate.$taskScope.withValue(BuildGate.taskScope(resolving: unsafe session.resolveID)) {
                    () async throws(DIError) -> AnyObject in
                    try context.push(build.component)
                    defer { context.pop() }
                    return try await build.component.makeInstanceAsync(in: &context)
                }
            }
        } catch {
            // NB: `withValue` rethrows untyped; only a DIError is thrown.
            failure = (error as! DIError)
        }
        end(build, cell: cell, ticket: ticket, context: context, since: start, made: made, failure: failure)
    }

    /// The instant observed builds are timed from: ``prepare(_:)`` keeps a build's start as
    /// the `Duration` since it, which has a fixed size, where an instant would take an
    /// allocation of its own in the frame.
    private static let clockStart = ContinuousClock.now

    /// Claims the build of `cell` for `build` with an awaited claim: its ticket, or `nil` when
    /// there is nothing to build (another resolve's complete instance, which the pass finds in
    /// the cache, where this resolve holds it, as a `.weak` cache keeps it only while someone
    /// does; or a failure, kept for the pass).
    ///
    /// The synchronous claim's claims (`BuildGate.claim(_:by:of:mode:)`) and ends (the ticket's
    /// build ends in ``end(_:cell:ticket:context:since:made:failure:)``), but where a thread
    /// blocks, it suspends (``BuildGate/awaitEnd(of:claimant:requestedIn:path:observedBy:)``), so
    /// its loop is its own: a synchronous loop cannot suspend. The factory runs in the caller's
    /// frame, after this one has returned: a resolve suspended in a factory holds no frame of the
    /// claim (the benchmark's `awaitedInFlight10000`).
    @inline(never) nonisolated(nonsending) private func claim(_ build: Listed, in cell: any BuildCell) async -> BuildGate.BuildTicket? {
        let gate = BuildGate.shared
        let resolve = unsafe session.resolveID
        let requested = cell.generation()
        while true {
            switch gate.claim(cell, by: resolve, of: build.component, mode: .wait) {
            case .build(let ticket):
                return ticket
            case .instance(let found):
                unsafe session.heldInstances.append(found)
            case .waited(let busy):
                let observer = unsafe session.observedBy
                let found = await gate.awaitEnd(of: busy, claimant: resolve, requestedIn: requested, path: build.path, observedBy: observer)
                guard let found else { continue }
                unsafe session.heldInstances.append(found)
            case .cycle(let chain):
                let path = build.path
                keep(DIError(.cycle(BuildGate.steps(chain, path: path)), requested: build.component.type, path: path), of: build)
            case .startOver:
                preconditionFailure("DI: an awaited claim never starts its resolve over")
            }
            return nil
        }
    }

    /// The context the factory of `build` runs with: only the component the resolve asks for
    /// takes the resolve's own arguments.
    @inline(never) private func beginBuild(_ build: Listed) -> ResolutionContext {
        unsafe session.buildsBelowTop = build.components.count > 1
        return unsafe ResolutionContext(origin: build.origin, session: session)
    }

    /// Ends the build of `build` that ``prepare(_:)`` ran in `context`: reports it to the
    /// observers if it is observed (begun `start` after ``clockStart``), ends the claim of
    /// `cell` (`ticket`), and hands `made` to the pass, or keeps `failure` for it, its path
    /// starting at the component (its own failure leaves it off).
    @inline(never) private func end(
        _ build: Listed, cell: (any BuildCell)?, ticket: BuildGate.BuildTicket?, context: consuming ResolutionContext,
        since start: Duration?, made: AnyObject?, failure: DIError?
    ) {
        defer {
            unsafe session.buildsBelowTop = false
            context.deallocateState()
        }
        let component = build.component
        if made != nil, let start {
            context.reportCreation(of: component, since: Self.clockStart + start, depth: build.components.count - 1)
        }
        var isProvisional = false
        if let cell, let ticket {
            let session = self.session
            BuildGate.shared.end(
                ticket, of: cell, component: component, built: made,
                keepsProvisionally: { unsafe component._hasInjections || session.instancesWithActions != 0 }
            ) {
                isProvisional = true
                unsafe session.provisionalBuilds.append($0)
            }
        }
        guard let made else { return keep(failure!.prefixed(by: build.path), of: build) }
        guard cell != nil else { return unsafe session.prepared[component.registrationID, default: []].append(made) }
        unsafe session.prepared[component.registrationID] = [made]
        // Kept complete: held as a found one is, also if the resolve starts over.
        if !isProvisional { unsafe session.heldInstances.append(made) }
        // The gate hands a main-actor component's provisional build to the pass as made,
        // without a build: its actions are scheduled here, as the synchronous pass schedules a
        // new instance's (the build takes it from `prepared`), in the build's context: they
        // take the arguments its build took. An async one's build the pass takes from
        // `prepared`, and schedules them there.
        guard component.isolation == .mainActor else { return }
        do throws(DIError) {
            _ = try context.published { (context) throws(DIError) -> AnyObject in try component.makeInstance(in: &context) }
        } catch {
            keep(error, of: build)
        }
    }

    /// Keeps the failure of `build` for the synchronous pass
    /// (``ResolutionContext/unpreparedError(_:requested:)``), which may meet an error before it
    /// meets its component.
    private func keep(_ error: DIError, of build: Listed) {
        unsafe session.preparationFailures.merge([build.component.registrationID: error]) { first, _ in first }
    }
}

extension ResolutionContext {
    /// Why the synchronous pass cannot build the component being built, which needs an await:
    /// the failure of the awaited resolve's build of it, if it failed (the error the
    /// synchronous pass meets here, where the synchronous resolve would have met it), else
    /// `reason`.
    func unpreparedError(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        if let component = requester, let failure = unsafe session?.preparationFailures[component.registrationID] { return failure }
        return errorOfCurrentComponent(reason, requested: type)
    }
}
