/// A component as a lifetime strategy, a scope or an ambiguity hook sees it: what it is,
/// where it lives, and how to build an instance of it.
extension Component {
    /// The component identity's process-wide integer.
    ///
    /// Read here: from another module, reading the identity whole copied it (and retained the
    /// site's file name). A scope asks it on a miss.
    package var identityID: Int { identity.id }

    /// A number no other component of the process has.
    ///
    /// The key of per-resolve state kept for this component (shared `.objectGraph` instances,
    /// argument cursors, prepared instances). 48 bits of a counter: at a million components a
    /// second, it repeats after eight years. Never an address, which a later component may
    /// reuse (`ComponentIdentityTests`).
    @inlinable
    package var registrationID: Int { Int(_registrationIDHigh) << 32 | Int(_registrationIDLow) }

    /// The type the initializer returns.
    package var type: Any.Type { identity.type }

    /// What the lifetime strategy attached to this registration (such as its cache cell).
    @inlinable
    package var lifetimeState: (any AnyObject & Sendable)? { _lifetimeState }

    /// Whether instances are class instances (cached as themselves, not boxed).
    @inlinable
    package var isReferenceType: Bool { _isReferenceType }

    /// The container holding the registration.
    @inlinable
    package var owner: DIContainer { _owner }

    /// The container whose registrations answer the dependencies of this component when a
    /// resolve from `requester` builds it.
    ///
    /// The one rule of the point of view, which the build gate, awaited resolves and validation
    /// all follow: a root builds from its own point of view; a child asks its rules
    /// (``HierarchyRules/buildsAsOwnerSees(_:)``).
    func buildOrigin(requestedFrom requester: DIContainer) -> DIContainer {
        requester.hierarchy?.rules.buildsAsOwnerSees(self) == true ? owner : requester
    }

    /// The public description of this component, with the origin its attributes describe.
    package var info: DIComponentInfo {
        DIComponentInfo(
            type: type, qualifier: qualifierDescription, site: site, origin: Registration.origin(describedBy: attributes),
            ordinal: identity.ordinal)
    }

    /// The type of what a cache or storage returned, as a message names it (the value's
    /// type for a boxed value).
    package func describeStored(_ object: AnyObject) -> String {
        if let box = object as? any ValueBoxProtocol { return readableName(of: box.valueType) }
        return readableName(of: Swift.type(of: object))
    }

    /// The attribute another module attached under `key`.
    package func attribute<Value: Sendable>(_ key: Value.Type) -> Value? {
        attributes[ObjectIdentifier(key)] as? Value
    }
}
