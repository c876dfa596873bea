/// Which parameter types are dependency wrappers (`T?`, `[T]`, `Lazy`, `Provider`, `Tagged`,
/// `Named`, `Argument`), remembered per type for the process.
///
/// `DependencyGetter.make()` runs unspecialized, once per parameter of every component a
/// resolve first needs. Asking the runtime whether a type conforms to `DependencyWrapper` is a
/// look-up in the runtime's conformance cache, which walks a class's superclasses too; a
/// type's answer never changes, so it is asked once per type and then read from a
/// ``ObjectTable``, without a lock.
@usableFromInline enum WrapperTypes {
    /// Each type asked about, with its answer.
    private static let known = ObjectTable<ValueBox<Bool>>(capacity: 64)

    /// Whether `type` is a dependency wrapper, asked once per type.
    ///
    /// A type not seen before is asked outside the lock: two threads may both ask, and both
    /// store the same answer.
    @usableFromInline static func _isWrapper(_ type: Any.Type) -> Bool {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        if let answer = known.withObject(for: key, { $0.value }) { return answer }
        let answer = type is any DependencyWrapper.Type
        known.store(key, ValueBox(answer))
        return answer
    }
}
