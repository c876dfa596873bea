/// A clearable slot as the build gate's cell: a clear during a build drops what it makes.
extension ClearableSlot: BuildCell {
    @usableFromInline package func cached() -> AnyObject? { object }
    @usableFromInline package func generation() -> Int { clears }
    @usableFromInline package var claimingSlot: ClearableSlot? { self }

    /// Keeps `instance` unless the slot holds one already or was cleared since `generation`.
    @usableFromInline package func keep(_ instance: AnyObject, builtIn generation: Int) {
        store(instance, ifClears: generation)
    }

    /// The slot's instance after a miss of its lock-free read (the resolver's, inline), built
    /// by `component` through the build gate if the slot still holds none.
    ///
    /// The slot's claim (``claimBuild(by:publish:)``) takes an instance kept meanwhile, under the
    /// slot's lock, so the synchronous claim needs no read of the slot before it. An async
    /// component's synchronous pass claims nothing (it takes what an awaited resolve kept, or
    /// fails), so it reads the slot first, as every other cell does.
    @usableFromInline package func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if component.isolation == .async, let hit = cached() { return hit }
        return try BuildGate.shared.instance(for: self, of: component, in: &context)
    }
}
