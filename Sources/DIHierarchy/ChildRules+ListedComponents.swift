import DICore

extension ChildRules {
    /// The rule of `[T]` across a chain: one component per identity, the nearest container's.
    ///
    /// A component is its identity (site, type, ordinal): an upstream registration of an
    /// identity already met nearer the origin is the same component, overridden, and is left
    /// out; the origin's own components are all listed. The resolve, the awaited resolve's
    /// preparation and validation all ask it (`LookupTests`).
    static func lists(_ identity: ComponentIdentity, atOrigin: Bool, _ seen: inout Set<ComponentIdentity>) -> Bool {
        seen.insert(identity).inserted || atOrigin
    }
}
