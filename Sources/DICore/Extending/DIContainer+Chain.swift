extension DIContainer {
    /// This container, then each parent (``Hierarchy/parent``), nearest first.
    ///
    /// The one walk up a hierarchy: the resolve, `[T]`, the awaited resolve's preparation,
    /// validation, the DOT export and DIModules' import checks all take it, so they see the
    /// same containers in the same order.
    package var chain: Chain { Chain(next: self) }

    /// The containers of ``chain``: an iterator holding the next one, so a walk keeps no
    /// closure and retains each container once.
    package struct Chain: Sequence, IteratorProtocol {
        private var nextContainer: DIContainer?

        init(next: DIContainer) {
            nextContainer = next
        }

        package mutating func next() -> DIContainer? {
            guard let current = nextContainer else { return nil }
            nextContainer = current.hierarchyLink?.parent
            return current
        }
    }
}
