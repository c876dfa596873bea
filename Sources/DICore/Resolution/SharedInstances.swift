/// The instances one resolve shares (`.objectGraph`), by registration id.
///
/// A resolve shares a handful of instances at most: a short array searched in order, which
/// beats hashing at these sizes.
struct SharedInstances: Sendable {
    /// The registration ids and their instances, in the order first shared; ids are unique.
    // NB: UnsafeTransfer: a resolve's own instances, reached by one thread at a time (the
    // resolve's, or under a `SharedGraph`'s lock when handed to a later `Lazy` or `Provider`
    // resolve).
    private var entries = unsafe UnsafeTransfer([(id: Int, object: AnyObject)]())

    init() {}

    /// Whether no instance is shared yet.
    var isEmpty: Bool { entries.value.isEmpty }

    /// Calls `body` with each registration id and its shared instance.
    func forEach(_ body: (Int, AnyObject) -> Void) {
        for entry in entries.value { body(entry.id, entry.object) }
    }

    /// The instance shared for the registration `id`; setting `nil` does nothing.
    subscript(id: Int) -> AnyObject? {
        get {
            for entry in entries.value where entry.id == id { return entry.object }
            return nil
        }
        set {
            guard let newValue else { return }
            if let index = entries.value.firstIndex(where: { $0.id == id }) {
                entries.value[index].object = newValue
            } else {
                entries.value.append((id, newValue))
            }
            #if DI_CHECK_INVARIANTS
                _checkInvariants()
            #endif
        }
    }

    #if DI_CHECK_INVARIANTS
        /// Checks that no registration id is listed twice (`SharedInstancesTests`).
        func _checkInvariants() {
            var seen = Set<Int>()
            for entry in entries.value {
                precondition(seen.insert(entry.id).inserted, "SharedInstances lists id \(entry.id) twice")
            }
        }
    #endif
}
