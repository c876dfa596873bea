/// An instance a resolve built for a cache while its property injections and `postInit`s were
/// still to run: the cache keeps it, and other resolves get it, only once the resolve has
/// succeeded (see `BuildGate.finishProvisionally(_:_:builtIn:)`).
struct ProvisionalBuild {
    /// The cache that keeps the instance if the resolve succeeds.
    let cell: any BuildCell
    /// The build, as the gate knows it.
    let ticket: BuildGate.BuildTicket
    let instance: AnyObject
    /// The cell's generation when the build began: a clean since then drops the instance.
    let generation: Int
}

/// A resolve's provisional builds: recorded as they are made, settled when the top-level
/// resolve ends.
extension ResolutionContext {
    /// Whether a build finished now is provisional: once the resolve has scheduled a property
    /// injection or `postInit`, anything it builds may hold an instance that is not complete
    /// until the resolve ends.
    var keepsBuildsProvisionally: Bool { session?.schedulesActions ?? false }

    /// Records a provisional build, to settle when the resolve ends.
    mutating func recordProvisionalBuild(_ build: ProvisionalBuild) {
        sharedSession().provisionalBuilds.append(build)
    }

    /// Ends the resolve's provisional builds, once the top-level resolve has ended.
    ///
    /// Kept and handed to their waiters when the resolve succeeded (`failure` is `nil`),
    /// dropped and their waiters told to claim again when it failed.
    ///
    /// A failed resolve thus keeps nothing it built after scheduling an action, so the same
    /// request answers the same the next time. `FailedResolveKeepsNothingTests` guards it.
    func settleProvisionalBuilds(failure: DIError?) {
        guard let session, !session.provisionalBuilds.isEmpty else { return }
        let builds = session.provisionalBuilds
        session.provisionalBuilds = []
        for build in builds { BuildGate.shared.settle(build, failure) }
    }
}
