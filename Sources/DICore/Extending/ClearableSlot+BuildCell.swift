/// A clearable slot as the build gate's cell: a clear during a build drops what it makes.
extension ClearableSlot: BuildCell {
    @usableFromInline package var buildKey: BuildKey { BuildKey(ObjectIdentifier(self)) }
    @usableFromInline package func cached() -> AnyObject? { object }
    @usableFromInline package func generation() -> Int { clears }
    @usableFromInline package var claimingSlot: ClearableSlot? { self }

    /// Keeps `instance` unless the slot holds one already or was cleared since `generation`.
    @usableFromInline package func keep(_ instance: AnyObject, builtIn generation: Int) {
        store(instance, ifClears: generation)
    }
}
