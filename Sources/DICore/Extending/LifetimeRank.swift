/// How long a lifetime keeps its instances, for the captive-dependency check of validation.
///
/// A component may depend on components of an equal or longer rank; a longer-lived component
/// holding a shorter-lived one captures it.
@usableFromInline
package enum LifetimeRank: Int, Comparable, Sendable {
    /// A new instance for every request.
    case prototype = 0
    /// One instance per top-level resolve.
    case objectGraph = 1
    /// One instance per user-defined scope; its span is unknown to the library.
    case scope = 2
    /// One instance per container.
    case container = 3
    /// One instance per process.
    case process = 4

    @usableFromInline
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
