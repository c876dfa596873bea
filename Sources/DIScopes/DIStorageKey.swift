import DICore

/// The key under which a ``DIScope`` keeps the instance of one component in its ``DIStorage``.
///
/// A key stands for a component identity: the registration site, the type registered there
/// and which registration of that type from that site it is in its container. The same
/// `register` line gives the same keys in every container, so a scope holds one instance per
/// component, whichever container resolves it; a line in a loop or a generic helper gives one
/// key per registration and per type. A key wraps the identity's small integer, so it hashes
/// and compares in a few instructions. Scopes make keys; a storage only keeps entries under them.
public struct DIStorageKey: Hashable, Sendable, CustomStringConvertible {
    /// The component identity's process-wide integer.
    package let rawValue: Int

    /// The key of a component identity.
    package init(_ identity: ComponentIdentity) {
        self.rawValue = identity.id
    }

    /// The key of `component`.
    @inline(__always)
    init(of component: Component) {
        self.rawValue = component.identityID
    }

    /// A key for `site` alone, which no component of a scope is kept under.
    ///
    /// A key used to stand for a registration site; it now stands for a component identity
    /// (site, type, ordinal), which scopes make themselves. This initializer stays for source
    /// compatibility and gives a key distinct from every component's.
    ///
    /// - Parameter site: A registration site.
    @available(*, deprecated, message: "a key stands for a component identity (site, type, ordinal); scopes make their keys")
    public init(_ site: DIRegistrationSite) {
        self.rawValue = ComponentIdentity.intern(site: site, type: DIRegistrationSite.self, ordinal: -1).id
    }

    /// `component #N`, where N is the component identity's number in this process.
    public var description: String { "component #\(rawValue)" }
}
