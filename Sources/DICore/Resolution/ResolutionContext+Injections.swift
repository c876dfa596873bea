/// Property injections and post-initialization actions, scheduled for the end of the top-level resolve.
extension ResolutionContext {
    /// Schedules the property injections and post-initialization actions of a new instance
    /// for the end of the top-level resolve.
    @usableFromInline
    mutating func scheduleInjections<T>(_ injections: [Injection<T>], into value: T, of component: Component) {
        let session = sharedSession()
        session.schedulesActions = true
        for injection in injections {
            var pending = PendingInjection(component: component, origin: origin)
            if let apply = injection.apply {
                pending.run = { (context: inout ResolutionContext) throws(DIError) in try apply(value, &context) }
            }
            if let applyAsync = injection.applyAsync {
                // NB: the instance is the one this resolve built, handed to its own awaited action.
                let instance = UncheckedInstance(value)
                pending.runAsync = { (context: inout ResolutionContext) async throws(DIError) in
                    try await applyAsync(instance.value, &context)
                }
            }
            switch injection.stage {
            case .property: session.pendingInjections.append(pending)
            case .postInit: session.pendingPostInits.append(pending)
            }
        }
    }

    /// The next scheduled action: a property injection while any is left, then a
    /// post-initialization action (which may schedule more of both).
    private mutating func nextPending() -> PendingInjection? {
        guard let session else { return nil }
        if !session.pendingInjections.isEmpty { return session.pendingInjections.removeFirst() }
        if !session.pendingPostInits.isEmpty { return session.pendingPostInits.removeFirst() }
        return nil
    }

    /// Runs the scheduled property injections, then the post-initialization actions,
    /// including those they schedule.
    @usableFromInline
    mutating func finish() throws(DIError) {
        while let pending = nextPending() {
            try run(pending)
        }
    }

    /// Ends a top-level resolve that has a session: runs its scheduled actions, then settles
    /// its provisional builds as kept (a failure settles them in `runTopLevel`).
    @usableFromInline
    mutating func finishTopLevel() throws(DIError) {
        try finish()
        settleProvisionalBuilds(failure: nil)
    }

    /// Runs one scheduled synchronous action (an async one fails: the resolve is not awaited).
    private mutating func run(_ pending: PendingInjection) throws(DIError) {
        // The injected object's component stands on the path, so errors show who asked;
        // its properties come from the graph it was built in (a parent's, for an instance
        // cached in the parent).
        try withOrigin(pending.origin) { (context: inout ResolutionContext) throws(DIError) in
            try context.entering(pending.component) { (context: inout ResolutionContext) throws(DIError) in
                guard let run = pending.run else {
                    throw context.errorOfCurrentComponent(
                        .requiresAsync("it has an async property injection or postInit; resolve it with `try await`"),
                        requested: pending.component.type)
                }
                try run(&context)
            }
        }
    }

    /// Runs the scheduled actions as ``finish()`` does, awaiting the async ones: the awaited
    /// resolve's end.
    mutating func finishAwaiting() async throws(DIError) {
        while let pending = nextPending() {
            guard let runAsync = pending.runAsync else {
                // Published on this thread while it runs, as a synchronous resolve is.
                try published { (context) throws(DIError) in try context.run(pending) }
                continue
            }
            let saved = origin
            switchOrigin(to: pending.origin)
            do {
                try push(pending.component)
                defer { pop() }
                try await runAsync(&self)
            } catch {
                switchOrigin(to: saved)
                throw error
            }
            switchOrigin(to: saved)
        }
    }
}
