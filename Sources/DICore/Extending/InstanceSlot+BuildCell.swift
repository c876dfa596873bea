/// A set-once slot as the build gate's cell.
extension InstanceSlot: BuildCell {
    @usableFromInline package func cached() -> AnyObject? { object }
    /// Always `0`: a set-once slot is never cleaned.
    @usableFromInline package func generation() -> Int { 0 }
    @usableFromInline package func keep(_ instance: AnyObject, builtIn generation: Int) { store(instance) }
}
