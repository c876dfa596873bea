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
    @inlinable package var registrationID: Int { Int(_registrationIDHigh) << 32 | Int(_registrationIDLow) }

    /// The type the initializer returns.
    package var type: Any.Type { identity.type }

    /// The component's lifetime.
    @inlinable package var lifetime: DIComponentLifetime { _lifetime }

    /// What the lifetime strategy attached to this registration (such as its cache cell).
    ///
    /// A strategy that reads it on every request borrows it instead
    /// (``unsafeLifetimeState(as:)``): this property hands out a new reference.
    package var lifetimeState: (any AnyObject & Sendable)? {
        guard let state = unsafe UnsafeObjectWord<AnyObject>(nonzero: lifetimeStateBits) else { return nil }
        // NB: the word's object is the state the component keeps, an `AnyObject & Sendable`.
        return unsafe UnsafeCast.reinterpret(state.object, as: (any AnyObject & Sendable).self)
    }

    /// The lifetime state, unretained, as the strategy's own `State` class.
    ///
    /// The one its `makeState` made for this component, which is set; the component keeps it
    /// alive.
    @unsafe @inlinable
    package func unsafeLifetimeState<State: AnyObject>(as _: State.Type) -> UnsafeObjectWord<State> {
        unsafe UnsafeObjectWord(bits: lifetimeStateBits)
    }

    /// Whether instances are class instances (cached as themselves, not boxed).
    @inlinable package var isReferenceType: Bool { _isReferenceType }

    /// Whether instances are values of a concrete value type (a struct, an enum, ...), which
    /// nothing can hold weakly; `false` for a class, and for a protocol or `Any`, whose
    /// instances may be objects (`.weak` then decides by each instance).
    package var isValueType: Bool { unsafe !isReferenceType && UnsafeInstanceBoxing.isConcreteValueType(resolvedType) }

    /// What a weak cache holds of `instance`, as ``makeInstance(in:)`` returned it: the class
    /// instance (itself, or the one a value of a protocol type holds), or `nil` for a value,
    /// which nothing can hold weakly (a weak cache then keeps nothing).
    package func weakReferent(of instance: AnyObject) -> AnyObject? { weakReferentOverride(of: instance) }

    /// The instance, as a cache hands it out, of what a weak cache held
    /// (``weakReferent(of:)``'s inverse).
    package func instance(fromReferent referent: AnyObject) -> AnyObject { instanceOverride(fromReferent: referent) }

    /// The container holding the registration.
    @inlinable package var owner: DIContainer { _owner }

    /// The container whose registrations answer the dependencies of this component when a
    /// resolve from `requester` builds it.
    ///
    /// The one rule of the point of view, which the build gate, awaited resolves and validation
    /// all follow: a root builds from its own point of view; a child asks its rules
    /// (``HierarchyRules/buildsAsOwnerSees(_:)``) about a component of another container (its
    /// own components it builds from its own point of view, whatever the rules answer).
    func buildOrigin(requestedFrom requester: DIContainer) -> DIContainer {
        guard let rules = requester.hierarchyLink?.rules, owner !== requester else { return requester }
        return rules.buildsAsOwnerSees(self) ? owner : requester
    }

    /// Whether the lifetime keeps the instance beyond one resolve
    /// (``LifetimeStrategy/keepsInstance(of:)``); `false` for `.prototype`.
    package var keepsInstance: Bool { lifetime.strategy?.keepsInstance(of: self) ?? false }

    /// The public description of this component, with the origin its attributes describe.
    package var info: DIComponentInfo { DIComponentInfo(identity, qualifiers: qualifiers, attributes: attributes) }

    /// Builds a new instance, runs or schedules its property injections, and returns it
    /// erased to an object (a class instance as itself, a value in a box).
    ///
    /// A strategy that has no instance for a request calls it.
    package func makeInstance(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try makeInstanceOverride(in: &context)
    }

    /// Whether `object`, as a cache or storage returned it, is an instance of this component
    /// (a class instance of its type, or a value of its type in a box).
    package func holds(_ object: AnyObject) -> Bool { holdsOverride(object) }

    /// The type of what a cache or storage returned, as a message names it (the value's
    /// type for a boxed value).
    package func describeStored(_ object: AnyObject) -> String {
        readableName(of: (object as? any ValueBoxProtocol)?.valueType ?? Swift.type(of: object))
    }

    /// The attribute another module attached under `key`.
    package func attribute<Value: Sendable>(_ key: Value.Type) -> Value? {
        attributes[ObjectIdentifier(key)] as? Value
    }
}
