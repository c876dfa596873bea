/// Where a caching lifetime keeps one instance, as the build-once gate sees it.
///
/// The extension point of every caching lifetime: a strategy gives the gate the cell of a
/// component, and ``BuildGate`` builds the instance once however many resolves ask at once.
@usableFromInline package protocol BuildCell: Sendable {
    /// Identifies the instance for the gate.
    var buildKey: BuildKey { get }
    /// The instance kept, if any.
    func cached() -> AnyObject?
    /// A stamp read before a build starts; ``keep(_:builtIn:)`` compares it, so that a clean
    /// during the build drops what the build makes.
    func generation() -> Int
    /// Keeps `instance`, built since `generation`, unless the cell was cleaned since.
    func keep(_ instance: AnyObject, builtIn generation: Int)
    /// The cell as a slot that claims its builds itself, under its own lock
    /// (``ClearableSlot/claimBuild(by:publish:)``); `nil` (the default): the gate claims them.
    var claimingSlot: ClearableSlot? { get }
    /// The cell's instance for a request of `component`: the one kept, else one built through
    /// the gate (``BuildGate/instance(for:of:in:)``) as the registration's own container sees
    /// the graph, so every container and child that shares it gets the same one.
    ///
    /// The default reads ``cached()`` first; a cell whose claim reads it anyway, or whose hit
    /// is checked, answers its own way.
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject
}

extension BuildCell {
    @usableFromInline package var claimingSlot: ClearableSlot? { nil }

    // NB: the owner is read only on a miss: reading it on every hit retained and released
    // the container, a reference count every thread shares.
    @usableFromInline package func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let hit = cached() { return hit }
        return try BuildGate.shared.instance(for: self, of: component, in: &context)
    }
}

extension BuildCell where Self: AnyObject {
    /// A class cell's key: the cell itself, which every resolve that reads it shares.
    @usableFromInline package var buildKey: BuildKey { BuildKey(ObjectIdentifier(self)) }
}
