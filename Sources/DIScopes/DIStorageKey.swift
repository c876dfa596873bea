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
    let rawValue: Int

    /// The key of a component identity.
    package init(_ identity: ComponentIdentity) { self.rawValue = identity.id }

    /// The key of `component`.
    @inline(__always) init(of component: Component) { self.rawValue = component.identityID }

    /// `component #N`, where N is the component identity's number in this process.
    public var description: String { "component #\(rawValue)" }
}
