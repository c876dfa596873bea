/// The recorded dependencies of a component whose parameters are all types resolved as
/// themselves (`init(base: Service)`, `init(user: User, log: Log)`): one shared list per
/// parameter list for the process, read from an ``ObjectTable`` without a lock.
///
/// Such lists are never changed, so components share them rather than keep one each: a child
/// container made per request records its handler's parameters once for the process, not
/// once per request (`PlainDependencyListTests`).
@usableFromInline
enum PlainDependencyLists {
    /// Each parameter list's dependencies, boxed, kept for the process's life.
    private static let lists = ObjectTable<ValueBox<[Dependency]>>(capacity: 64)

    /// The shared list of the parameters whose types make `types` (the parameter type for
    /// one, else the tuple of them, in order), made by `list` the first time.
    @usableFromInline
    static func _list(of types: Any.Type, _ list: @autoclosure () -> [Dependency]) -> [Dependency] {
        let key = UInt(bitPattern: ObjectIdentifier(types))
        if let list = lists.withObject(for: key, { $0.value }) { return list }
        let box = ValueBox(list())
        // Two threads may both make one: the first stored stays, and both lists are equal.
        lists.store(key, box)
        return box.value
    }
}
