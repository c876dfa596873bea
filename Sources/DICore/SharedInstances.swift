/// The instances one resolve shares (`.objectGraph`), by registration id.
///
/// A resolve shares a handful of instances at most, so a short array searched in order beats
/// a dictionary: no hashing, and one allocation for the first instance.
package struct SharedInstances {
    private var entries: [(id: Int, object: AnyObject)] = []

    package init() {}

    /// Whether no instance is shared yet.
    package var isEmpty: Bool { entries.isEmpty }

    /// The instance shared for the registration `id`; setting `nil` is not supported.
    package subscript(id: Int) -> AnyObject? {
        get {
            for entry in entries where entry.id == id { return entry.object }
            return nil
        }
        set {
            guard let newValue else { return }
            if let index = entries.firstIndex(where: { $0.id == id }) {
                entries[index].object = newValue
            } else {
                entries.append((id, newValue))
            }
        }
    }
}
