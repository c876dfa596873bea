/// Whether a caching lifetime or scope keeps its instance alive.
///
/// - ``strong``: the library holds the instance; even when the application drops every
///   reference, the next request returns the same instance.
/// - ``weak``: the library does not hold the instance; once the application drops every
///   reference it is destroyed and the next request creates a new one.
///
/// A value type (a struct or an enum) has no identity the application could hold on to, so
/// under `.weak` nothing keeps it: every request makes a new value, as `.prototype` does.
/// Validation reports `.weak` on a value type as a warning.
public enum DIReferencePolicy: Sendable, Hashable, CustomStringConvertible {
    /// The library does not keep the instance alive.
    case weak
    /// The library keeps the instance alive.
    case strong

    /// `weak` or `strong`.
    public var description: String { self == .weak ? "weak" : "strong" }
}
