extension DIContainer {
    /// This container, then each upstream one, nearest first.
    ///
    /// The one walk up a hierarchy: the resolve, `[T]`, the awaited resolve's preparation,
    /// validation and the DOT export all take it, so they see the same containers in the same
    /// order.
    var chain: UnfoldFirstSequence<DIContainer> {
        sequence(first: self) { $0.upstream }
    }
}
