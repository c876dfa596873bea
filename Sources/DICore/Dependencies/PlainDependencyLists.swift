/// The recorded dependencies of a fixed-arity component whose parameters are all types resolved
/// as themselves (`init(base: Service)`, `init(user: User, log: Log)`): one shared list per
/// parameter list for the process, read from an ``ObjectTable`` without a lock.
///
/// Such lists are never changed, so components share them rather than keep one each, and the
/// answer for a parameter list is asked once: a child container made per request makes neither
/// a getter nor a list for its handler (`PlainDependencyListTests`).
@usableFromInline enum PlainDependencyLists {
    /// Each parameter list's dependencies, or `nil` for a list with another shape, boxed, kept
    /// for the process's life.
    private static let lists = ObjectTable<ValueBox<[Dependency]?>>(capacity: 64)

    /// The shared list of the parameters whose types make `types` (the parameter type for one,
    /// else the tuple of them, in order), or `nil` if some parameter is not a type resolved as
    /// itself; `list` answers the first time.
    @usableFromInline static func _list(of types: Any.Type, _ list: () -> [Dependency]?) -> [Dependency]? {
        let key = UInt(bitPattern: ObjectIdentifier(types))
        if let known = lists.withObject(for: key, { $0.value }) { return known }
        // Two threads may both make one: both take the first stored (`PlainDependencyListTests`).
        return lists.store(key, ValueBox(list())).value
    }
}
