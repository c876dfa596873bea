import DICore

/// The key under which a ``DIScope`` keeps the instance of one component in its ``DIStorage``.
///
/// A key stands for a registration site: the same `register` line gives the same key in
/// every container, so a scope holds one instance per site, whichever container resolves it.
/// It wraps the site's small integer, so it hashes and compares in a few instructions.
public struct DIStorageKey: Hashable, Sendable, CustomStringConvertible {
    /// The registration site's process-wide integer.
    package let rawValue: Int

    /// The key of the component registered at `site`.
    ///
    /// - Parameter site: The registration site of the component.
    public init(_ site: DIRegistrationSite) {
        self.rawValue = site.id
    }

    /// `site #N`, where N is the site's number in this process.
    public var description: String { "site #\(rawValue)" }
}
