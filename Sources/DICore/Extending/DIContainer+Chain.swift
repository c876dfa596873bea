extension DIContainer {
    /// This container, then each upstream one, nearest first.
    ///
    /// The one walk up a hierarchy: the resolve, `[T]`, the awaited resolve's preparation,
    /// validation, the DOT export and DIModules' import checks all take it, so they see the
    /// same containers in the same order.
    package var chain: UnfoldFirstSequence<DIContainer> {
        sequence(first: self) { $0.upstream }
    }
}
