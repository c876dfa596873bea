import Synchronization

#if canImport(Dispatch)
    import Dispatch
#endif
/// The one build-once gate of the package, with the wait-for graph of the builds in progress.
///
/// Every caching path claims its builds here: the caching lifetimes, custom scopes, awaited
/// resolves and main-actor components; module loading runs its loads once here too. One claimant builds; the others wait and take its
/// instance (and claim again if it failed). A claimant is a *resolve* (a top-level resolve,
/// with everything that joins it on its thread, or an awaited resolve), not a thread: a claim
/// on a build the same resolve owns, or on one that (through waits) waits on the claimant,
/// is a `.cycle` error naming the components of the cycle, across threads and tasks.
///
/// A resolve is identified by a number from a counter, never by an address: an identifier is
/// never reused, so a task that kept one (started inside a resolve) can never be taken for a
/// later resolve (`DetachedResolveTests.aTaskStartedInsideDetachedIsPartOfNoResolve`).
///
/// The gate's lock guards its tables only. A factory runs with no lock held; a synchronous
/// waiter blocks on a semaphore of its own, an awaited one suspends on a continuation.
@usableFromInline package final class BuildGate: Sendable {
    /// The gate every cache uses: waits chain across lifetimes and scopes.
    @usableFromInline package static let shared = BuildGate()

    /// What the current task runs in: a resolve or load, registration attributes, and the
    /// module's load running here.
    ///
    /// One task-local value for all three, so a load (which sets them all) pushes one, and an
    /// append reads one.
    package struct TaskScope: Sendable {
        /// The resolve running the current task's awaited resolve or load, if any (`0` for
        /// none): a resolve started in it (an async factory awaiting another resolve, or a
        /// resolve inside a part's load) is nested in that one.
        package var resolve = 0
        /// The attributes of the registrations made here (see ``RegistrationAttributes``).
        package var attributes: RegistrationAttributes.Scope?
        /// The module's load running on this task (on its thread, and in the tasks it makes),
        /// if any; an awaited resolve inside it keeps it.
        package var load: RunningLoad?
    }

    /// A load run by ``runOnce(_:in:task:into:group:attributes:reporting:file:line:column:_:)``, as the loads
    /// nested in it see it: in DIModules, a part's or framework's load, which a part appended
    /// inside it belongs to.
    package struct RunningLoad: Sendable {
        /// The claimant the load runs for: loads and resolves nested in it are part of it.
        package let claimant: Int
        /// The ``DIContainer/serial`` of the container loaded into (a task made in the load
        /// may outlive it).
        package let container: Int
        /// The module whose components the load registers, besides its own (in DIModules, the
        /// framework of the part, or the framework itself), if any.
        package let group: Any.Type?
    }

    /// What the current task runs in.
    @TaskLocal package static var taskScope = TaskScope()

    /// The task's scope as part of resolve `id`, with its attributes and load kept.
    static func taskScope(resolving id: Int) -> TaskScope {
        var scope = taskScope
        scope.resolve = id
        return scope
    }

    /// The next resolve identifier: identifiers count up from 1 and are never reused.
    private static let nextResolveID = Atomic<Int>(1)

    /// Whether a slow-build report is being delivered on this thread (or in this task): a wait
    /// begun inside an observer's report waits without reporting, so reports never nest
    /// (`SlowBuildTests.aResolveOfItsOwnInAnObserverWaitsWithoutReporting`).
    @TaskLocal static var isReportingSlowBuild = false

    private struct State {
        /// The builds in progress.
        var builds: [BuildKey: Build] = [:]
        /// The build each waiting resolve waits for.
        var waits: [Int: Build] = [:]
        /// The resolve each nested resolve was started inside.
        ///
        /// A parent waits for its children (the entries naming it). `isDetached` for a resolve
        /// begun inside `DIContainer.detached { }`, whose parent is the resolve `detached`
        /// interrupted: that one waits for it, but gives it none of its provisional builds.
        var parents: [Int: (id: Int, isDetached: Bool)] = [:]
    }

    private let state = Protected(State())

    /// How many resolves are recorded in `parents`: while none is, ending a resolve has
    /// nothing to forget and takes no lock (a resolve begun outside an awaited one, the usual
    /// case, is never recorded).
    ///
    /// A resolve's own record is counted, on its thread, before it can end, so a count of 0
    /// seen when it ends means it has none.
    private let nestedResolves = Atomic<Int>(0)

    /// A new resolve identifier, nested in the task's awaited resolve if there is one; end it
    /// with ``endResolve(_:)``.
    ///
    /// - Parameters:
    ///   - interrupted: For a resolve begun inside `DIContainer.detached { }`, the resolve
    ///     `detached` interrupted (`0` for none): it waits for this one, which takes none of
    ///     its provisional builds.
    ///   - current: The task's resolve (``TaskScope/resolve``) when the caller has read it
    ///     already; `nil` reads it.
    package func beginResolve(detachedFrom interrupted: Int = 0, within current: Int? = nil) -> Int {
        let id = Self.nextResolveID.wrappingAdd(1, ordering: .relaxed).oldValue
        let parent = interrupted != 0 ? interrupted : current ?? Self.taskScope.resolve
        if parent != 0 {
            state.withLock { $0.parents[id] = (parent, interrupted != 0) }
            nestedResolves.wrappingAdd(1, ordering: .releasing)
        }
        return id
    }

    /// Forgets a resolve made by ``beginResolve()``.
    @usableFromInline package func endResolve(_ id: Int) {
        guard nestedResolves.load(ordering: .acquiring) != 0 else { return }
        if state.withLock({ $0.parents.removeValue(forKey: id) }) != nil { nestedResolves.wrappingSubtract(1, ordering: .relaxed) }
    }

    // MARK: - Claims

    /// The cell's instance, built by `component` if the cell has none yet; call it after the
    /// cell missed (it looks once more only after claiming the build).
    ///
    /// The instance is built from the point of view ``Component/buildOrigin(requestedFrom:)``
    /// gives (the registration's own container, for an instance a cell keeps), so every
    /// container that shares it gets the same one.
    package func instance(
        for cell: some BuildCell,
        of component: Component,
        in context: inout ResolutionContext
    ) throws(DIError) -> AnyObject {
        func make(_ context: inout ResolutionContext) throws(DIError) -> AnyObject {
            // The requester's own component: built from its point of view, whatever the rules
            // (``Component/buildOrigin(requestedFrom:)``), and neither container retained.
            if unsafe context._origin.withObject({ $0 === component._owner }) { return try component.makeInstance(in: &context) }
            return try context.withOrigin(component.buildOrigin(requestedFrom: context.origin)) { (context) throws(DIError) in
                try component.makeInstance(in: &context)
            }
        }
        // An async factory is built by awaited resolves only: the synchronous pass takes what
        // the awaited one prepared, or fails; it never blocks a thread on a task.
        if component.isolation == .async { return try make(&context) }
        return try value(for: cell, of: component, in: &context, requested: component.type, make)
    }

    /// The cell's value, made by `make` as part of `context`'s resolve if the cell has none yet.
    ///
    /// The synchronous claim: ``claimLoop(by:requestedIn:_:block:)`` claims the build of `cell`
    /// for `context`'s resolve, blocking the thread while another resolve builds it, and `make`
    /// builds when the claim is this resolve's.
    ///
    /// `component` is what the build makes, for cycle steps and slow-wait reports; `nil` for a
    /// build that is no component's (a `Lazy`'s first read), claimed, waited for and checked
    /// for cycles as a component's build is, and reported as a wait for what `reportedAs`
    /// names (the component the read resolves), if it names one. Its claim that would wait for
    /// itself is a `.cycle` error about `requested`, its steps the builds of the cycle after
    /// this resolve's path (or the path alone, when only this resolve is in the cycle).
    /// Inlined into its callers: one source, each caller's build compiled in place.
    @inline(__always) func value(
        for cell: some BuildCell,
        of component: Component? = nil,
        reportedAs describe: () -> DIComponentInfo? = { nil },
        in context: inout ResolutionContext,
        requested: Any.Type,
        _ make: (inout ResolutionContext) throws(DIError) -> AnyObject
    ) throws(DIError) -> AnyObject {
        let claimant = context.resolveID()
        let mode = context.waitMode
        // A request that began after a clean never takes an instance built before it.
        let claim = claimLoop(by: claimant, requestedIn: cell.generation()) {
            self.claim(cell, by: claimant, of: component, mode: mode)
        } block: { build in
            self.block(until: build, waitedFor: component?.info ?? describe(), path: context.path) { context.reportSlowBuild($0) }
        }
        switch claim {
        case .instance(let instance):
            return instance
        case .cycle(let chain):
            let path = context.path
            throw context.error(.cycle(chain.isEmpty ? path : Self.steps(chain, path: path)), requested: requested)
        case .startOver(let build):
            throw context.startOver(after: build, requested: requested)
        case .waited:
            preconditionFailure("DI: a claim loop that blocks returns no wait")
        case .build(let ticket):
            do throws(DIError) {
                let made = try make(&context)
                // Provisional once the resolve has scheduled an action: what it built may hold an
                // instance that is not complete until the resolve ends.
                let keepsProvisionally = { unsafe (context.session?.instancesWithActions ?? 0) != 0 }
                end(ticket, of: cell, component: component, built: made, keepsProvisionally: keepsProvisionally) {
                    unsafe context.sharedSession().provisionalBuilds.append($0)
                }
                return made
            } catch {
                finish(ticket, nil, in: cell)
                throw error
            }
        }
    }

    /// The claim loop: claims with `claim` until the claim builds (`.build`), takes an instance
    /// (`.instance`), or must not wait where it is (`.cycle`, `.startOver`).
    ///
    /// A claim on another resolve's build (`.waited`) blocks the thread until it ends (`block`),
    /// then takes its instance, or claims again if the build failed or began before a clean
    /// that the request (begun in generation `requestedIn`) came after. Shared by a component's
    /// build, a `Lazy`'s first read and a module's load.
    @inline(__always) private func claimLoop(
        by claimant: Int, requestedIn: Int?, _ claim: () -> Claim, block: (Build) -> Void
    ) -> Claim {
        while true {
            let result = claim()
            guard case .waited(let build) = result else { return result }
            block(build)
            if let instance = stopWaiting(for: build, claimant: claimant, requestedIn: requestedIn) { return .instance(instance) }
        }
    }

    /// Claims the build of `cell` (see ``claim(_:by:of:mode:runningBy:)``); a claim that would build
    /// takes the cell's instance instead when a build that finished meanwhile kept one.
    ///
    /// A slot that claims its builds itself (the cell's ``BuildCell/claimingSlot``) is claimed
    /// under its own lock; the gate's tables learn of its build only when a second claim finds it
    /// running (`ClaimingSlotTests`).
    @inline(__always) func claim(_ cell: some BuildCell, by claimant: Int, of component: Component?, mode: WaitMode) -> Claim {
        if let slot = cell.claimingSlot {
            return slot.claimBuild(by: claimant) { owner in
                self.claim(slot.buildKey, by: claimant, of: component, mode: mode, runningBy: owner)
            }
        }
        let result = claim(cell.buildKey, by: claimant, of: component, mode: mode)
        guard case .build(var ticket) = result else { return result }
        // A build that finished between the look at the cache and the claim has kept its
        // instance already (it keeps before it lets the next claim in). The generation first:
        // a hit read after a clean is labelled with the older generation, so a request begun
        // after the clean does not take it.
        ticket.generation = cell.generation()
        guard let hit = cell.cached() else { return .build(ticket) }
        finish(ticket, hit)
        return .instance(hit)
    }

    /// Ends the build of `ticket`, which made `made` for `cell` (`nil`: it failed): the cell
    /// keeps it now, or, when `keepsProvisionally` says so once it is made (once the resolve has
    /// scheduled a property injection or `postInit`), only if the resolve succeeds: the build
    /// goes to `record` then, for the resolve to settle.
    ///
    /// The one rule for a component's build and a `Lazy`'s first read, synchronous or awaited
    /// (`FailedResolveKeepsNothingTests`, `FailedLazyReadKeepsNothingTests`). An awaited resolve
    /// builds a component with actions this way: its actions run at the resolve's end, and until
    /// then no other resolve takes the instance
    /// (`AwaitedMainActorActionsTests.anAsyncComponentsPostInitRunsAfterEveryPropertyInjection`).
    ///
    /// A build that ends provisionally stays in the gate's table until ``finish(_:_:in:)`` ends
    /// it: its instance goes to the owner's resolve (and resolves nested in it, but not those
    /// begun inside `DIContainer.detached { }`) and to no other resolve, and the cell does not
    /// keep it yet: every other claimant waits until it is settled, also while the owner itself
    /// waits for a build (a wait that would close a cycle through it starts a resolve over).
    /// If one of the resolve's actions fails, nothing it built is kept or handed out as
    /// complete (`FailedResolveKeepsNothingTests`). A build claimed in its cell's slot
    /// (``BuildCell/claimingSlot``) is published in the gate first, its record made here if no
    /// claim made one (`component` is its record's).
    @inline(__always) func end(
        _ ticket: BuildTicket, of cell: some BuildCell, component: Component?, built made: AnyObject?, keepsProvisionally: () -> Bool,
        record: (ProvisionalBuild) -> Void
    ) {
        guard let made, keepsProvisionally() else { return finish(ticket, made, in: cell) }
        cell.claimingSlot?.publishBuild(by: ticket.owner)
        state.withLock { state in
            let build = state.builds[ticket.key] ?? Build(owner: ticket.owner, component: component)
            state.builds[ticket.key] = build
            if build.owner == ticket.owner { build.provisional = made }
        }
        record(ProvisionalBuild(cell: cell, ticket: ticket, instance: made))
    }

    /// How a claimant waits for a build another resolve is making.
    enum WaitMode {
        /// Where it is: a thread blocks, an awaited claim suspends its task; a wait that would
        /// close a cycle is a `.cycle` error.
        case wait
        /// As ``wait``, but a wait that would close a cycle through a provisional build starts
        /// the resolve over: a synchronous top-level resolve.
        case waitOrStartOver
        /// Never where it is: the synchronous pass of an awaited resolve, which runs on a
        /// cooperative thread (or the main actor) that it must not block. It starts over once
        /// the build has ended, having suspended in between
        /// (``awaitEnd(of:claimant:requestedIn:path:observedBy:)``); a wait that would close a
        /// cycle is a `.cycle` error, unless it runs through a provisional build and the resolve
        /// is nested in no other.
        case startOver
    }

    /// Publishes a build of `key` by `claimant`, or records that `claimant` waits for the
    /// build in progress, or finds that that wait would close a cycle.
    ///
    /// A provisional build is never taken by another resolve: its instance may lack its
    /// injections, and its resolve may still drop it (`ProvisionalInstanceTests`).
    /// `mode`: how the claimant waits (see ``WaitMode`` and ``wait(_:by:mode:in:)``). A waiter
    /// is added to the build only when it waits (``addWaiter(to:claimant:_:)``).
    ///
    /// With `runningBy`, the claim of work of `key` that that owner runs outside the gate's
    /// tables (a ``OnceTable``'s, or a build claimed in its slot, ``BuildCell/claimingSlot``):
    /// the work is published here as the owner's build if it is not yet, and the claimant waits
    /// for it, or finds that the wait would close a cycle. Call it under the table's or slot's
    /// lock, so the owner cannot finish meanwhile.
    private func claim(
        _ key: BuildKey, by claimant: Int, of component: Component? = nil, mode: WaitMode = .wait, runningBy owner: Int? = nil
    ) -> Claim {
        state.withLock { state -> Claim in
            if let existing = state.builds[key] {
                if let made = existing.provisional, Self.resolve(claimant, isWithin: existing.owner, in: state) { return .instance(made) }
                return Self.wait(existing, by: claimant, mode: mode, in: &state)
            }
            // Work run outside the tables is its owner's build: the claimant waits for it.
            let build = Build(owner: owner ?? claimant, component: component)
            state.builds[key] = build
            return owner == nil ? .build(BuildTicket(key: key, owner: claimant)) : Self.wait(build, by: claimant, mode: mode, in: &state)
        }
    }

    /// Records that `claimant` waits for `existing`, or finds that the wait closes a cycle.
    ///
    /// A cycle that runs through a provisional build is one a single resolve would build (the
    /// instance is made; only its injections wait): the claimant, if it can start over and is
    /// nested in no other resolve, is told to (``Claim/startOver(_:)``): it drops what it built
    /// and claimed, so the others go on, and it begins again once `existing` has ended. Every
    /// other cycle is a `.cycle` error. `ConcurrentCycleTests` guards it.
    ///
    /// An awaited resolve's synchronous pass (``WaitMode/startOver``) is told to start over
    /// where any other claimant would wait: it is recorded as waiting for `existing` (so that
    /// a wait for a build of the resolve it is nested in still closes a cycle), but it waits
    /// only once it has dropped what it holds, suspended rather than blocking its thread
    /// (`AwaitedWaitTests`).
    private static func wait(_ existing: Build, by claimant: Int, mode: WaitMode, in state: inout State) -> Claim {
        if let chain = Self.cycle(from: existing, to: claimant, in: state) {
            // A claimant nested in another resolve could not free that one's builds.
            guard chain.contains(where: { $0.provisional != nil }), mode != .wait, state.parents[claimant] == nil else {
                return .cycle(chain.compactMap(\.component))
            }
            return .startOver(existing)
        }
        // A claimant already waiting for this build claims it again only from inside its own
        // wait (an observer of its slow-build report, on its thread): that wait would wait
        // for itself (`SlowBuildTests.anObserverResolvingTheSlowComponentInItsResolveGetsACycle`).
        if state.waits[claimant] === existing { return .cycle(existing.component.map { [$0] } ?? []) }
        state.waits[claimant] = existing
        return mode == .startOver ? .startOver(existing) : .waited(existing)
    }

    // MARK: - Waits

    /// Adds a waiter to `build` unless it has ended, and returns whether it waits.
    ///
    /// `wake` is called once the build has ended. An awaited resolve's wait is recorded as
    /// `claimant`'s (a resolve told to start over waits so too).
    private func addWaiter(to build: Build, claimant: Int = 0, _ wake: @escaping () -> Void) -> Bool {
        state.withLock { state in
            guard !build.isEnded else { return false }
            if claimant != 0 { state.waits[claimant] = build }
            build.waiters.append(wake)
            return true
        }
    }

    /// Suspends the awaited resolve `claimant` until `build` has ended (a continuation, resumed
    /// with the build's other waiters, so no thread is held meanwhile: `AwaitedWaitTests`), and
    /// returns its instance as ``stopWaiting(for:claimant:requestedIn:)`` does.
    ///
    /// It is recorded as waiting for `build` meanwhile: a cycle through it (the resolve it is
    /// nested in waits for it) is found by whoever closes it. A resolve told to start over
    /// (``WaitMode/startOver``), holding nothing now, waits here too. Past
    /// ``DIContainer/slowBuildWarning`` the wait is reported to the observers of `observedBy`
    /// from a timer's thread, once, and in a debug build on standard error as a thread's wait
    /// is (`SlowBuildTests.anAwaitedWaitIsReported`), with `path`, the resolve's path where it
    /// met the build.
    @discardableResult func awaitEnd(
        of build: Build, claimant: Int, requestedIn: Int? = nil, path: [DIComponentInfo], observedBy: DIContainer?
    ) async -> AnyObject? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard addWaiter(to: build, claimant: claimant, { continuation.resume() }) else { return continuation.resume() }
            #if canImport(Dispatch)
                guard let component = build.component, let limit = Self.reportLimit else { return }
                let start = ContinuousClock.now
                // The timer holds the container weakly: an ended wait leaves nothing that keeps it
                // (`SlowBuildTests.anEndedAwaitedWaitDoesNotKeepItsContainerAlive`).
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(limit)) { [weak observedBy] in
                    self.report(build, waitedFor: component.info, path: path, since: start, ifWaiting: claimant) { report in
                        guard let observedBy else { return }
                        observedBy.notifyObservers { $0.container(observedBy, isWaitingFor: report) }
                    }
                }
            #endif
        }
        return stopWaiting(for: build, claimant: claimant, requestedIn: requestedIn)
    }

    /// Blocks the thread until `build` ends.
    ///
    /// Past ``DIContainer/slowBuildWarning`` it reports the wait once to `notify` (see
    /// ``report(_:waitedFor:path:load:since:ifWaiting:_:)``) as a wait for what `waitedFor`
    /// names (`nil`: no report), then waits on (`SlowBuildTests`). Out of line: the claims that
    /// never wait pay nothing for it. A synchronous resolve told to start over
    /// (``Claim/startOver(_:)``) waits here too, holding nothing, before it begins again.
    @inline(never) func block(
        until build: Build, waitedFor: @autoclosure () -> DIComponentInfo?, path: @autoclosure () -> [DIComponentInfo],
        load: Any.Type? = nil, _ notify: (DISlowBuild) -> Void
    ) {
        #if canImport(Dispatch)
            let semaphore = DispatchSemaphore(value: 0)
            guard addWaiter(to: build, { semaphore.signal() }) else { return }
            guard let limit = Self.reportLimit else { return semaphore.wait() }
            let start = ContinuousClock.now
            // A deadline past the clock's end is `DispatchTime.distantFuture`: no time-out.
            guard semaphore.wait(timeout: .now() + .nanoseconds(limit)) == .timedOut else { return }
            if let waitedFor = waitedFor() { report(build, waitedFor: waitedFor, path: path(), load: load, since: start, notify) }
            semaphore.wait()
        #endif
    }

    /// How long a wait lasts before it is reported, in nanoseconds: `nil` when reports are off,
    /// or inside a report (a wait begun inside an observer's report waits without reporting,
    /// so reports never nest: `SlowBuildTests.aResolveOfItsOwnInAnObserverWaitsWithoutReporting`).
    private static var reportLimit: Int? {
        let limit = DIContainer.slowBuildNanoseconds.load(ordering: .relaxed)
        return limit >= 0 && !isReportingSlowBuild ? Int(limit) : nil
    }

    /// Reports a wait for `build`, begun at `start`, that has passed
    /// ``DIContainer/slowBuildWarning``.
    ///
    /// The report goes to `notify` (a container's observers), with what the resolve building
    /// it builds and waits for, and in a debug build on standard error if it is the build's
    /// first report. With a `claimant`, only if it still waits for `build` (`component` is
    /// read only then: a timer's report may come after its container's end).
    private func report(
        _ build: Build, waitedFor component: @autoclosure () -> DIComponentInfo, path: [DIComponentInfo], load: Any.Type? = nil,
        since start: ContinuousClock.Instant, ifWaiting claimant: Int? = nil, _ notify: (DISlowBuild) -> Void
    ) {
        let builder = state.withLock { state -> (builds: [DIComponentInfo], waitsFor: DIComponentInfo?, isFirst: Bool)? in
            if let claimant, state.waits[claimant] !== build || build.isEnded { return nil }
            let owned = state.builds.values.filter { $0.owner == build.owner }.compactMap(\.component)
            let awaited = state.waits[build.owner].flatMap { $0.isEnded ? nil : $0.component }
            defer { build.isReported = true }
            return (owned.map(\.info), awaited?.info, !build.isReported)
        }
        guard let builder else { return }
        let report = DISlowBuild(
            component: component(), path: path, waited: ContinuousClock.now - start, builderBuilds: builder.builds,
            builderWaitsFor: builder.waitsFor, load: load)
        Self.$isReportingSlowBuild.withValue(true) { notify(report) }
        #if DEBUG
            if builder.isFirst { writeLineToStandardError(report.description) }
        #endif
    }

    /// Stops `claimant` waiting for `build`; returns its instance, unless the build failed or
    /// began before a clean that the request (begun in generation `requested`) came after.
    private func stopWaiting(for build: Build, claimant: Int, requestedIn requested: Int?) -> AnyObject? {
        state.withLock { state in
            if state.waits[claimant] === build { state.waits[claimant] = nil }
            if let requested, build.generation < requested { return nil }
            return build.instance
        }
    }

    // MARK: - Ends

    /// Ends the build of `ticket` as ``finish(_:_:)`` does, `cell` keeping `instance` (if any)
    /// first, so a claim after the end finds it kept; a build claimed in the cell's slot
    /// (``BuildCell/claimingSlot``) ends there, and in the gate only if a claim published it.
    ///
    /// A provisional build ends here too once its resolve has ended: on success the cell keeps
    /// its instance (if not cleaned since), and its waiters take it; on failure (`nil`) nothing
    /// keeps it and each waiter claims again.
    @inline(__always) func finish(_ ticket: BuildTicket, _ instance: AnyObject?, in cell: some BuildCell) {
        if let slot = cell.claimingSlot {
            guard slot.endBuild(by: ticket.owner, keeping: instance, builtIn: ticket.generation) else { return }
        } else if let instance {
            cell.keep(instance, builtIn: ticket.generation)
        }
        finish(ticket, instance)
    }

    /// Ends the build of `ticket` with its instance (`nil` if it failed), waking whoever waits
    /// for it once the gate's lock is released.
    private func finish(_ ticket: BuildTicket, _ instance: AnyObject?) {
        let ended = state.withLock { state -> Build? in
            guard let build = state.builds[ticket.key], build.owner == ticket.owner else { return nil }
            state.builds[ticket.key] = nil
            // Set before any waiter wakes: no waiter is added after `isEnded`.
            build.instance = instance
            build.generation = ticket.generation
            build.provisional = nil
            build.isEnded = true
            return build
        }
        for wake in ended?.waiters ?? [] { wake() }
    }

    /// Whether `resolve` is `owner`, or nested (through awaited resolves) in it; a resolve
    /// begun inside `DIContainer.detached { }` is nested in none.
    private static func resolve(_ resolve: Int, isWithin owner: Int, in state: State) -> Bool {
        var current = resolve
        while current != owner {
            guard let parent = state.parents[current], !parent.isDetached else { return false }
            current = parent.id
        }
        return true
    }

    /// The builds along a chain of waits from `build` back to `claimant`, if there is one.
    ///
    /// A resolve waits for the build it waits for, and for the resolves started inside its
    /// own builds (an async factory awaiting a nested resolve).
    private static func cycle(from build: Build, to claimant: Int, in state: State) -> [Build]? {
        var pending = [(resolve: build.owner, chain: [build])]
        var seen: Set<Int> = []
        while let (resolve, chain) = pending.popLast() {
            if resolve == claimant { return chain }
            guard seen.insert(resolve).inserted else { continue }
            if let awaited = state.waits[resolve], !awaited.isEnded { pending.append((awaited.owner, chain + [awaited])) }
            pending += state.parents.lazy.filter { $0.value.id == resolve }.map { ($0.key, chain) }
        }
        return nil
    }

    /// The steps of a cycle: the claimant's path from the first component of the chain it is
    /// building, then the chain, ending where it began.
    static func steps(_ chain: [Component], path: [DIComponentInfo]) -> [DIComponentInfo] {
        let infos = chain.map(\.info)
        guard let last = infos.last else { return infos }
        return (path.firstIndex(of: last).map { Array(path[$0...]) } ?? [last]) + infos
    }

    // MARK: - Work done once (module loading)

    /// Runs `body` once for `id` in `table` (a module's load into `container`), unless it ran
    /// there already; a concurrent claimant waits for the one that runs it, with no lock held
    /// meanwhile.
    ///
    /// This is how parts and frameworks load once. The claimant is the resolve running on this
    /// thread (an append inside a factory), so the gate sees that resolve wait for the load;
    /// else the load running on the task (`task.load`), so the appends nested in a load belong
    /// to its chain; else the outermost append starts a chain (nested in the task's awaited
    /// resolve, or, inside `DIContainer.detached { }`, in the resolve `detached` interrupted,
    /// which waits for it). So the gate tells a cyclic append from another thread's load: a
    /// claim that would wait for work the claimant itself is doing, or that (through other
    /// waits) waits for it, would never end: it returns `false` at once without running `body`
    /// (a cyclic append is skipped). `LoadWaitTests` and `ConcurrentAppendTests` guard it.
    ///
    /// - Returns: `true` once the work is done, by this call or by another claimant's;
    ///   `false` for a claim that would close a cycle.
    ///
    /// The resolves begun inside `body` (on its thread or in tasks it awaits) count as part of
    /// the claimant's work, as those begun in an async factory count as part of its build: a
    /// resolve there that waits for a build whose owner waits for this work is a `.cycle`.
    ///
    /// `body` runs with one task-local value pushed (``TaskScope``): the claimant as the task's
    /// resolve, the load (the claimant, `container`, and `group`), and `attributes` (those of
    /// the registrations `body` makes, on its task and the tasks it creates). A wait past
    /// ``DIContainer/slowBuildWarning`` reports `module` (``DISlowBuild/load``) at `file`,
    /// `line` and `column`, with the waiting resolve's path (empty for an `append` outside any
    /// resolve), to the observers of `container`.
    ///
    /// An uncontended run takes only the table's lock: the gate's tables learn of the work when
    /// a second claimant finds it running (see ``OnceTable``).
    package func runOnce(
        _ id: ObjectIdentifier, in table: OnceTable, task: TaskScope, into container: DIContainer, group: Any.Type?,
        attributes: RegistrationAttributes.Scope, reporting module: Any.Type, file: StaticString, line: UInt, column: UInt,
        _ body: () -> Void
    ) -> Bool {
        // What `body` reads of the resolve in progress on this thread (inside a factory), if
        // any: the claimant, whose wait the gate records, and the path its slow-wait report shows.
        let thread = unsafe ActiveResolveSlot.current
        func joined<T>(_ body: (inout ResolutionContext) -> T) -> T? {
            if unsafe thread.isJoinable { unsafe thread.joining(body) } else { nil }
        }
        let running = joined { $0.resolveID() }
        let outer = task.load?.claimant
        let begins = running == nil && outer == nil
        let claimant = running ?? outer ?? beginResolve(detachedFrom: unsafe thread.detachedFrom, within: task.resolve)
        defer { if begins { endResolve(claimant) } }
        let claim = claimLoop(by: claimant, requestedIn: nil) {
            table.start(id, by: claimant) { key, owner in self.claim(key, by: claimant, runningBy: owner) }
        } block: { build in
            self.block(
                until: build,
                waitedFor: DIComponentInfo(
                    type: module, qualifier: nil, site: .intern(file: file, line: line, column: column), origin: nil, ordinal: 0),
                path: joined { $0.path } ?? [], load: module
            ) { report in container.notifyObservers { $0.container(container, isWaitingFor: report) } }
        }
        switch claim {
        case .build(let ticket):
            // Attributes are set from now on (before the task-local value is).
            RegistrationAttributes.everSet.store(true, ordering: .relaxed)
            let load = RunningLoad(claimant: claimant, container: container.serial, group: group)
            Self.$taskScope.withValue(TaskScope(resolve: claimant, attributes: attributes, load: load), operation: body)
            if table.finish(id) { finish(ticket, table) }
            return true
        case .cycle:
            return false
        default:
            // `.instance`: the work is done (a claim of running work is never provisional nor
            // told to start over).
            return true
        }
    }

    // MARK: - The tables

    /// The build a claimant was told to make: what its ``finish(_:_:)`` names.
    struct BuildTicket {
        let key: BuildKey
        let owner: Int
        /// The cell's generation when the build began (read after the claim): a clean since
        /// then drops what it makes; 0 for a module's load.
        var generation = 0
    }

    /// What a claim comes to.
    enum Claim {
        /// Build it: the build is published, finish it with ``finish(_:_:)``.
        case build(BuildTicket)
        /// Another resolve builds it: the claimant is recorded as waiting for it.
        case waited(Build)
        /// An instance to take: one a cell kept, a provisional build of the claimant's own
        /// resolve (or of one it is nested in), or the instance of the build it waited for.
        case instance(AnyObject)
        /// Waiting would never end: the builds of the cycle, from the one asked for to one the
        /// claimant (or a resolve that waits for it) is making.
        case cycle([Component])
        /// The claimant must not wait where it is: it drops what it holds, waits for this
        /// build to end, and starts its resolve over (see ``wait(_:by:mode:in:)``).
        case startOver(Build)
    }
}
