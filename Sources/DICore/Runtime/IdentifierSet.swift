/// An insert-only set of type identities, hashed as a ``QuickTable`` hashes them: for other
/// modules' bookkeeping by type (the parts and frameworks a container has loaded).
///
/// Non-generic, so a caller in another module runs code specialized here. A value type, not
/// thread-safe: its owner locks it. Guarded by `QuickTableTests` (its table) and `AppendTests`
/// (a container's loaded parts).
package struct IdentifierSet {
    // NB: the table holds identifiers and empty values only.
    private var table = QuickTable<ObjectIdentifier, Void>()

    package init() {}

    /// Whether the set holds `identifier`.
    package func contains(_ identifier: ObjectIdentifier) -> Bool {
        table.position(of: identifier) != nil
    }

    /// Adds `identifier`; returns whether it was new.
    @discardableResult
    package mutating func insert(_ identifier: ObjectIdentifier) -> Bool {
        var isNew = false
        table.modify(identifier, default: { isNew = true }()) { _ in }
        return isNew
    }
}
