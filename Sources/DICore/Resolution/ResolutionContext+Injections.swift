/// Property injections and post-initialization actions, scheduled for the end of the top-level resolve.
extension ResolutionContext {
    /// Schedules the property injections and post-initialization actions of a new instance
    /// for the end of the top-level resolve.
    @usableFromInline mutating func scheduleInjections<T>(_ injections: [Injection<T>], into value: T, of component: Component) {
        let session = sharedSession()
        unsafe session.instancesWithActions += 1
        let instance = unsafe session.instancesWithActions
        let chain = unsafe session.injectionChain
        // The injections' arguments follow the initializer's, in registration order, among
        // those given to this build (which has just left the path: it stood one deeper).
        var nextArgument = component.initializerArgumentCount
        // The path above the component (which has just left it), after the running action's.
        let above = (0..<depth).map { unsafe self.component(at: $0).object }
        let outerPath = unsafe session.actionPath.isEmpty ? above : session.actionPath + above
        for injection in injections {
            var pending = PendingInjection(component: component, origin: origin, instance: instance, chain: chain, outerPath: outerPath)
            if injection.argumentCount > 0 {
                pending.arguments = InjectionArguments(
                    registrationID: component.registrationID, given: givenArguments(to: component, atDepth: depth + 1),
                    next: nextArgument)
                nextArgument += injection.argumentCount
            }
            if let apply = injection.apply {
                pending.run = { (context: inout ResolutionContext) throws(DIError) in try apply(value, &context) }
            }
            if let applyAsync = injection.applyAsync {
                // NB: UnsafeTransfer: the instance is the one this resolve built, handed to its
                // own awaited action, which runs in the resolve's task before the instance is
                // returned to anyone.
                let instance = unsafe UnsafeTransfer(value)
                pending.runAsync = { (context: inout ResolutionContext) async throws(DIError) in
                    try await applyAsync(instance.value, &context)
                }
            }
            switch injection.stage {
            case .property: unsafe session.pendingInjections.append(pending)
            case .postInit:
                // Queued before those of the instances whose actions built its instance, which
                // depend on it: dependencies' `postInit` first, also for an instance injected
                // into a property (`PostInitOrderTests`). Inside a cycle closed by property
                // injections, the instance reached last runs its action first, the one the
                // resolve reached first runs last.
                let index = unsafe session.pendingPostInits.firstIndex { queued in chain.contains { $0.instance == queued.instance } }
                unsafe session.pendingPostInits.insert(pending, at: index ?? session.pendingPostInits.endIndex)
            }
        }
    }

    /// The next scheduled action, taken off its queue.
    ///
    /// A property injection while any is left, then a post-initialization action (which may
    /// schedule more of both). With `inlineOnly`, `nil` at the first one that cannot run where
    /// the resolve runs, which stays queued.
    ///
    /// The one decision of where an action runs: a synchronous one inline; a main-actor one
    /// inline where the resolve runs on the main actor (the awaited door's turn of the main
    /// actor), else awaited after a hop; an async one awaited. So an awaited resolve of a
    /// graph with a main-actor component holds no provisional build while it waits for the
    /// main actor (`AwaitedMainActorActionsTests.fourTasksAwaitingOneMainActorComponentAllReturn`).
    private mutating func nextPending(inlineOnly: Bool = false) -> PendingInjection? {
        guard let session, let next = unsafe session.pendingInjections.first ?? session.pendingPostInits.first else { return nil }
        if inlineOnly && (next.run == nil || next.runAsync != nil && !isOnMainActor) { return nil }
        return unsafe session.pendingInjections.isEmpty ? session.pendingPostInits.removeFirst() : session.pendingInjections.removeFirst()
    }

    /// Runs the scheduled property injections, then the post-initialization actions,
    /// including those they schedule, then settles the resolve's provisional builds as kept;
    /// throws instead if the resolve must start over (a factory or an action may have caught
    /// the error that told it to).
    ///
    /// With `inlineOnly`, only the actions that can run where the resolve runs, up to the
    /// first one that needs an await, which stays queued with the builds unsettled: the
    /// awaited resolve's end, before ``finishAwaiting()``.
    @usableFromInline mutating func finish(inlineOnly: Bool = false) throws(DIError) {
        while let pending = nextPending(inlineOnly: inlineOnly) { try run(pending) }
        if !hasPendingActions { try keepProvisionalBuilds() }
    }

    /// Runs one scheduled synchronous action (an async one fails: the resolve is not awaited).
    private mutating func run(_ pending: PendingInjection) throws(DIError) {
        let saved = try enterAction(pending)
        defer { restore(saved) }
        guard let run = pending.run else {
            let reason = DIError.Reason.requiresAsync("it has an async property injection or postInit; resolve it with `try await`")
            throw pending.placed(errorOfCurrentComponent(reason, requested: pending.component.type))
        }
        do { try run(&self) } catch { throw pending.placed(error) }
    }

    /// What ``enterAction(_:)`` changed, for ``restore(_:)`` to put back.
    private typealias SavedAction = (chain: [InjectionStep], path: [Component], origin: DIContainer, arguments: InjectionArguments?)

    /// Records that `pending`'s action runs (the instances built meanwhile are built by it),
    /// after checking that the chain of actions that built its instance does not go round for
    /// good, and puts its component on the path, as ``run(_:)`` and ``finishAwaiting()`` run it.
    ///
    /// The injected object's component stands on the path, so errors show who asked, from
    /// what the resolve was asked for on (`InjectionErrorPathTests`); its properties come
    /// from the graph it was built in (a parent's, for an instance cached in the parent).
    private mutating func enterAction(_ pending: PendingInjection) throws(DIError) -> SavedAction {
        let session = sharedSession()
        try Self.checkNoEndlessLaps(pending)
        do { try push(pending.component) } catch { throw pending.placed(error) }
        let saved = unsafe (session.injectionChain, session.actionPath, origin, session.injectionArguments)
        unsafe (session.injectionChain, session.actionPath) = (pending.chain + [(pending.component, pending.instance)], pending.outerPath)
        switchOrigin(to: pending.origin)
        // Its `Argument` parameters take these, its component standing at the current depth.
        if var arguments = pending.arguments {
            arguments.depth = depth
            unsafe session.injectionArguments = arguments
        }
        return saved
    }

    /// Ends the action ``enterAction(_:)`` entered: takes its component off the path and puts
    /// back what it changed.
    private mutating func restore(_ saved: SavedAction) {
        pop()
        switchOrigin(to: saved.origin)
        let session = sharedSession()
        unsafe (session.injectionChain, session.actionPath, session.injectionArguments) = (saved.chain, saved.path, saved.arguments)
    }

    /// Throws `.cycle` if the actions that built `pending`'s instance went round for good.
    ///
    /// That is: twice round the same lap of components, each making a new instance. The next lap would make the same new
    /// instances again, whose actions make another lap, so the resolve would never end
    /// (`.prototype` components injected into each other's properties:
    /// `InjectionCycleTests`). One lap back to the component is not enough: a second
    /// instance of a `.prototype` component may close a cycle through an instance the first
    /// lap shared (`.objectGraph`), and then the laps end.
    private static func checkNoEndlessLaps(_ pending: PendingInjection) throws(DIError) {
        let chain = pending.chain
        guard let last = chain.lastIndex(where: { $0.component === pending.component }) else { return }
        let lap = chain.count - last
        guard last >= lap else { return }
        for offset in 0..<lap where chain[last - lap + offset].component !== chain[last + offset].component { return }
        let steps = chain[last...].map(\.component.info) + [pending.component.info]
        throw DIError(.cycle(steps), requested: pending.component.type, path: chain[..<last].map(\.component.info))
    }

    /// Whether the resolve has scheduled actions that have not run yet.
    var hasPendingActions: Bool {
        guard let session else { return false }
        return unsafe !session.pendingInjections.isEmpty || !session.pendingPostInits.isEmpty
    }

    /// Runs the scheduled actions as ``finish(inlineOnly:)`` does, awaiting the async ones (and
    /// hopping to the main actor for a main-actor one): what `finish(inlineOnly: true)` left;
    /// then settles the provisional builds as it does.
    mutating func finishAwaiting() async throws(DIError) {
        while let pending = nextPending() {
            guard let runAsync = pending.runAsync else {
                // Published on this thread while it runs, as a synchronous resolve is.
                try published { (context) throws(DIError) in try context.run(pending) }
                continue
            }
            let saved = try enterAction(pending)
            defer { restore(saved) }
            do { try await runAsync(&self) } catch { throw pending.placed(error) }
        }
        try keepProvisionalBuilds()
    }
}
