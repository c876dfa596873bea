/// The resolves a `Lazy` or `Provider` makes later: what they keep of the resolve that made
/// them, and how one read inside another resolve joins it (see `DeferredRequest`).
extension ResolutionContext {
    /// The arguments a `Lazy` or `Provider` made at this point keeps for its reads: the
    /// resolve's own when the wrapper is what the resolve asks for (the component it resolves
    /// is then the one they are for), and every argument addressed to a type.
    func deferredArguments() -> (own: [Any], addressed: [DIArguments]) {
        guard let session else { return ([], []) }
        let own = unsafe depth + 1 == session.argumentDepth && !session.buildsBelowTop ? session.arguments : []
        return unsafe (own, session.addressedArguments)
    }

    /// Runs `body`, the read of a `Lazy` or `Provider` made with `request`, inside this
    /// resolve: with this resolve's path (for cycles and errors) and its place in the build
    /// gate, but within the request's own graph, from its container's point of view, with its
    /// own arguments.
    ///
    /// A request made by this very resolve shares its graph: the read then sees and leaves
    /// the instances this resolve shares, as a resolve on a factory's `DIContainer` does.
    /// Guarded by `LazyProviderOwnGraphTests`.
    mutating func withDeferred<R>(
        graph: SharedGraph?,
        origin container: DIContainer,
        arguments: [Any],
        addressed: [DIArguments],
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        if let graph, unsafe session?.graph === graph {
            return try withArguments(arguments, addressed: addressed, replacing: true, origin: container, body)
        }
        spillFirstShared()
        let session = sharedSession()
        let saved = unsafe (session.sharedInstances, session.stashedSharedInstances, session.graph, origin)
        SharedGraph.seed(session, from: graph, startingAt: container)
        unsafe session.graph = nil
        origin = container
        defer { unsafe (session.sharedInstances, session.stashedSharedInstances, session.graph, origin) = saved }
        return try withArguments(arguments, addressed: addressed, replacing: true, origin: container, body)
    }
}
