/// Identifies the one instance a cache keeps for a component: the gate's key for its build.
@usableFromInline package struct BuildKey: Hashable, Sendable {
    /// The cache (a cell, or a scope).
    let object: ObjectIdentifier
    /// What the cache keys the instance by, or `0` for a cell that keeps one instance.
    let index: Int

    /// The key of the instance kept by `object` under `index`.
    package init(_ object: ObjectIdentifier, index: Int = 0) {
        self.object = object
        self.index = index
    }
}
