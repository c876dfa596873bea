/// The components whose builds were seen resolving from inside their factory, through a
/// container the factory captured or its resolver parameter: what they resolve that way no
/// record says, and validation and the DOT export say so (`DynamicResolutionTests`).
///
/// Seen, not known: a factory that captures a container shows it only once it has been built.
/// Keyed by the component's identity (site, type and ordinal, interned for the process and
/// never reused), so every container's registration from that line counts.
enum DynamicResolutions {
    /// Identity + 1 (a key is never 0) to 1, for the identities seen.
    private static let seen = WordTable(capacity: 64)

    /// Records that a build of `component` resolved from inside its factory.
    static func record(_ component: Component) {
        let key = UInt(bitPattern: component.identityID) &+ 1
        if seen.word(for: key) == 0 { seen.store(key, 1) }
    }

    /// Whether a build of `component` was seen resolving from inside its factory.
    static func wereSeen(for component: Component) -> Bool {
        seen.word(for: UInt(bitPattern: component.identityID) &+ 1) != 0
    }
}
