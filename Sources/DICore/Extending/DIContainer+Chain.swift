extension DIContainer {
    /// This container, then each parent (the `parent` of its ``Hierarchy``), nearest first.
    ///
    /// The one walk up a hierarchy: the resolve, `[T]`, the awaited resolve's preparation,
    /// validation, the DOT export and DIModules' import checks all take it, so they see the
    /// same containers in the same order. A root's chain is the root alone.
    package var chain: UnfoldFirstSequence<DIContainer> { sequence(first: self) { $0.hierarchyLink?.parent } }
}
