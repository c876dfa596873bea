/// The recorded dependencies of a component whose one parameter is a type resolved as itself
/// (`init(base: Service)`): one shared list per type for the process, read from an
/// ``ObjectTable`` without a lock.
///
/// Such lists are never changed, so components share them rather than keep one each.
@usableFromInline
enum PlainDependencyLists {
    /// Each type's list, boxed, kept for the process's life.
    private static let lists = ObjectTable<ValueBox<[Dependency]>>(capacity: 64)

    /// `[Dependency(type: type)]`, shared.
    @usableFromInline
    static func _list(of type: Any.Type) -> [Dependency] {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        if let list = lists.withObject(for: key, { $0.value }) { return list }
        let box = ValueBox([Dependency(type: type)])
        // Two threads may both make one: the first stored stays, and both lists are equal.
        lists.store(key, box)
        return box.value
    }
}

extension Dependency {
    /// The dependencies a component records for one parameter got by `getter`: the shared
    /// list of its type when it is resolved as itself, else a list of its own.
    @inlinable
    static func _recorded<Value>(byOne getter: DependencyGetter<Value>) -> [Dependency] {
        getter._resolvesItself ? PlainDependencyLists._list(of: Value.self) : [getter.dependency]
    }
}
