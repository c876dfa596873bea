/// The rule of `[T]` across a container chain: one component per identity, the nearest
/// container's.
///
/// A component is its identity (site, type, ordinal): an upstream registration of an identity
/// already met nearer the origin is the same component, overridden, and is left out. The
/// resolve (`resolveAll`), the awaited resolve's preparation and validation all ask this.
struct ChainIdentities {
    private var seen: Set<ComponentIdentity> = []

    /// Whether `identity`, met in a container of the walk, is in the list; records it.
    ///
    /// - Parameters:
    ///   - identity: The identity of the component met.
    ///   - atOrigin: Whether the container is the one the walk started from (whose components
    ///     are all in).
    ///   - hasUpstream: Whether the walk goes on past the container (if not, nothing needs to
    ///     be recorded).
    /// - Returns: `false` for an identity a container nearer the origin has.
    mutating func admits(_ identity: ComponentIdentity, atOrigin: Bool, hasUpstream: Bool) -> Bool {
        if !atOrigin && seen.contains(identity) { return false }
        if hasUpstream { seen.insert(identity) }
        return true
    }
}
