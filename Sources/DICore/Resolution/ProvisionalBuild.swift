/// An instance a resolve built for a cache while its property injections and `postInit`s were
/// still to run: the cache keeps it, and other resolves get it, only once the resolve has
/// succeeded (see `BuildGate.end(_:of:component:built:keepsProvisionally:record:)`).
struct ProvisionalBuild {
    /// The cache that keeps the instance if the resolve succeeds.
    let cell: any BuildCell
    /// The build, as the gate knows it.
    let ticket: BuildGate.BuildTicket
    /// The instance; the ticket's generation is the cell's when the build began, and a clean
    /// since then drops it.
    let instance: AnyObject
}

/// Why a resolve starts over (the error that unwinds it to its top level), and the builds
/// whose end it waits for before it begins again (several if a factory caught the first error).
typealias StartOver = (error: DIError, builds: [Build])

/// A resolve's provisional builds: recorded as they are made, settled when the top-level
/// resolve ends.
extension ResolutionContext {
    /// How this resolve waits for a build another resolve is making: a synchronous top-level
    /// resolve blocks its thread (and may start over), an awaited resolve's synchronous pass
    /// starts over instead, and suspends meanwhile (`AwaitedWaitTests`).
    var waitMode: BuildGate.WaitMode {
        if canStartOver { return .waitOrStartOver }
        return session?.isAwaited == true ? .startOver : .wait
    }

    /// Drops this resolve's provisional builds now and records that it starts over once `build`
    /// has ended (see `BuildGate.Claim.startOver`); returns the error that unwinds it to its
    /// top level.
    ///
    /// Dropped at once, not when the error reaches the top: the resolves waiting for them go
    /// on meanwhile, and one of them builds what this one gave up.
    mutating func startOver(after build: Build, requested: Any.Type) -> DIError {
        let session = sharedSession()
        if session.startOver == nil { session.startOver = (error(.cycle(path), requested: requested), []) }
        session.startOver!.builds.append(build)
        settleProvisionalBuilds(failure: session.startOver!.error)
        return session.startOver!.error
    }

    /// Keeps the provisional builds of an awaited resolve that succeeded, or throws if it must
    /// start over instead (a factory or action may have caught the error that told it to).
    func keepProvisionalBuilds() throws(DIError) {
        if let error = session?.startOver?.error { throw error }
        settleProvisionalBuilds(failure: nil)
    }

    /// Ends the resolve's provisional builds, once the top-level resolve has ended.
    ///
    /// Kept and handed to their waiters when the resolve succeeded (`failure` is `nil`),
    /// dropped and their waiters told to claim again when it failed.
    ///
    /// A failed resolve thus keeps nothing it built after scheduling an action, so the same
    /// request answers the same the next time. `FailedResolveKeepsNothingTests` guards it.
    func settleProvisionalBuilds(failure: DIError?) {
        guard let session, unsafe !session.provisionalBuilds.isEmpty else { return }
        let builds = unsafe session.provisionalBuilds
        unsafe session.provisionalBuilds = []
        for build in builds { BuildGate.shared.finish(build.ticket, failure == nil ? build.instance : nil, in: build.cell) }
    }
}
