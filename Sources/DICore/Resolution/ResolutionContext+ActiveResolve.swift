/// The resolve's place in the build gate's wait-for graph, and the resolve a factory's nested
/// resolve joins (see ``ActiveResolveSlot``).
extension ResolutionContext {
    /// The identifier of this resolve in the build gate's wait-for graph: an awaited
    /// resolve's, which its session has from the start; else the state's, made on first need
    /// (a build claimed), so resolves that build nothing cached never make one, and those that
    /// do make no session for it (`ResolutionSessionTests`).
    ///
    /// A number from the gate's counter, never an address: no later resolve can be taken for
    /// this one (`DetachedResolveTests.aTaskStartedInsideDetachedIsPartOfNoResolve`).
    func resolveID() -> Int {
        if let session, case let id = unsafe session.resolveID, id != 0 { return id }
        if claimantID == 0 { claimantID = unsafe BuildGate.shared.beginResolve(detachedFrom: ActiveResolveSlot.current.detachedFrom) }
        return claimantID
    }

    /// Ends what the resolve started in the build gate, its state's identifier (a resolve that
    /// starts over makes another); the top-level resolve calls it last.
    @inlinable func endResolve() {
        guard claimantID != 0 else { return }
        BuildGate.shared.endResolve(claimantID)
        claimantID = 0
    }

    /// Runs a top-level resolve's `body` with this context published in `slot`, then the
    /// property injections it scheduled, and ends what the resolve holds (its first shared
    /// instance, its place in the build gate) whether it succeeds or fails.
    ///
    /// A resolve the build gate told to start over (`BuildGate.Claim.startOver`) runs `body`
    /// again once the build it waited for has ended; whatever `body` returned or threw the
    /// first time is dropped (`ConcurrentCycleTests`).
    @inlinable @inline(__always) mutating func runTopLevel<R>(
        in slot: ActiveResolveSlot,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        while true {
            let value: R
            do throws(DIError) {
                // Published straight through the slot: one closure level less than a wrapper,
                // so that the resolve's body inlines here.
                value = unsafe try slot.publishing(self) { () throws(DIError) -> R in
                    let value = try body(&self)
                    if session != nil { try finish() }
                    return value
                }
            } catch {
                if endFailedResolve(error) { continue }
                throw error
            }
            releaseFirstShared()
            endResolve()
            // The state's memory is given back without deinitializing it: nothing in it is
            // left to release.
            if session != nil { session = nil }
            return value
        }
    }

    /// Ends a top-level resolve that failed with `error`; returns whether to run it again.
    ///
    /// Drops its provisional builds, then releases what it holds, as ``runTopLevel(in:_:)``
    /// does on success. A resolve told to start over then waits, holding nothing, for the
    /// build it could not wait for to end, and begins again with a new session (and so a new
    /// identifier). Out of line: the failure path adds no code to every resolve.
    @usableFromInline @inline(never) mutating func endFailedResolve(_ error: DIError) -> Bool {
        settleProvisionalBuilds(failure: error)
        releaseFirstShared()
        endResolve()
        guard let startOver = session?.startOver else {
            session = nil
            return false
        }
        for build in startOver.builds {
            BuildGate.shared.block(until: build, waitedFor: build.component?.info, path: path) { reportSlowBuild($0) }
        }
        session = nil
        depth = 0
        return true
    }

    /// Runs `body` with this context's state as the resolve in progress on this thread.
    @inlinable mutating func published<R>(_ body: (inout ResolutionContext) throws(DIError) -> R) throws(DIError) -> R {
        unsafe try ActiveResolveSlot.current.publishing(self) { () throws(DIError) -> R in try body(&self) }
    }
}
