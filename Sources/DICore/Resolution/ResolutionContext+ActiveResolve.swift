/// The resolve's place in the build gate's wait-for graph, and the resolve a factory's nested
/// resolve joins (see ``ActiveResolveSlot``).
extension ResolutionContext {
    /// The identifier of this resolve in the build gate's wait-for graph, made on first need
    /// (a build claimed), so resolves that build nothing cached never make one.
    mutating func resolveID() -> Int {
        if session == nil, let id = stackResolveID {
            if flags & Self.claimsWithoutSession == 0 {
                BuildGate.shared.beginResolve(id)
                flags |= Self.claimsWithoutSession
            }
            return id
        }
        let session = sharedSession()
        if session.resolveID == 0 {
            session.resolveID = BuildGate.shared.beginResolve()
            session.endsResolve = true
        }
        return session.resolveID
    }

    /// The error of a claim that would wait for itself: `chain` are the builds from the one
    /// asked for to one this resolve (or one that waits for it) is making.
    func cycleError(_ chain: [Component], requested component: Component) -> DIError {
        error(.cycle(BuildGate.steps(chain, path: path)), requested: component.type)
    }

    /// Ends what the resolve started in the build gate; the top-level resolve calls it last.
    @usableFromInline
    func endResolve() {
        if let session {
            if session.endsResolve { BuildGate.shared.endResolve(session.resolveID) }
        } else if flags & Self.claimsWithoutSession != 0, let id = stackResolveID {
            BuildGate.shared.endResolve(id)
        }
    }

    /// Runs a top-level resolve's `body` with this context published in `slot`, then the
    /// property injections it scheduled, and ends what the resolve holds (its first shared
    /// instance, its place in the build gate) whether it succeeds or fails.
    @inlinable
    mutating func runTopLevel<R>(
        in slot: ActiveResolveSlot,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let value: R
        do throws(DIError) {
            // Published straight through the slot: one closure level less than a wrapper, so
            // that the resolve's body inlines here.
            value = try slot.publishing(&self) { (context) throws(DIError) -> R in
                let value = try body(&context)
                if context.session != nil { try context.finishTopLevel() }
                return value
            }
        } catch {
            endFailedResolve(error)
            throw error
        }
        releaseFirstShared()
        if session != nil || flags & Self.claimsWithoutSession != 0 { endResolve() }
        return value
    }

    /// Ends a top-level resolve that failed with `error`.
    ///
    /// Drops its provisional builds, then releases what it holds, as ``runTopLevel(in:_:)``
    /// does on success. Out of line: the failure path adds no code to every resolve.
    @usableFromInline
    @inline(never)
    mutating func endFailedResolve(_ error: DIError) {
        settleProvisionalBuilds(failure: error)
        releaseFirstShared()
        endResolve()
    }

    /// Runs `body` with this context as the resolve in progress on this thread.
    @inlinable
    mutating func published<R>(_ body: (inout ResolutionContext) throws(DIError) -> R) throws(DIError) -> R {
        try ActiveResolveSlot.current.publishing(&self, body)
    }
}
