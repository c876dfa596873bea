/// The instances one resolve shares (`.objectGraph`), by registration id.
///
/// A resolve shares a handful of instances at most: the first is kept inline (no allocation
/// for the common graph with one shared component), the others in a short array searched in
/// order, which beats hashing at these sizes.
// NB: @unchecked: a resolve's own instances, reached by one thread at a time (the resolve's,
// or under a `SharedGraph`'s lock when handed to a later `Lazy` or `Provider` resolve).
package struct SharedInstances: @unchecked Sendable {
    private var firstID = -1
    private var first: AnyObject?
    private var others: [(id: Int, object: AnyObject)] = []

    init() {}

    /// Whether no instance is shared yet.
    var isEmpty: Bool { first == nil }

    /// Calls `body` with each registration id and its shared instance.
    func forEach(_ body: (Int, AnyObject) -> Void) {
        guard let first else { return }
        body(firstID, first)
        for entry in others { body(entry.id, entry.object) }
    }

    /// The instance shared for the registration `id`; setting `nil` is not supported.
    package subscript(id: Int) -> AnyObject? {
        get {
            if firstID == id { return first }
            for entry in others where entry.id == id { return entry.object }
            return nil
        }
        set {
            guard let newValue else { return }
            if first == nil || firstID == id {
                firstID = id
                first = newValue
            } else if let index = others.firstIndex(where: { $0.id == id }) {
                others[index].object = newValue
            } else {
                others.append((id, newValue))
            }
        }
    }
}
