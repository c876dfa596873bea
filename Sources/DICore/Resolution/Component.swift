/// One registration of a container, as the resolver sees it: immutable once published.
///
/// A registration is republished as a new `Component` whenever its builder changes it, so
/// every field here can be read from any thread without a lock. Lifetime strategies receive
/// a `Component` and call ``makeInstance(in:)`` when they need a new instance.
///
/// A component is also its own candidate: the way a request for its own type gets it.
// NB: @unchecked because the class is not final (ComponentBox subclasses it); every stored
// property of both classes is an immutable `let` of a Sendable type.
@usableFromInline @safe package class Component: AnyCandidate, @unchecked Sendable, CustomStringConvertible {
    // The candidate's first word holds the component's flags (``AnyCandidate/_flags``) and
    // its registration's number, which fill the seven bytes before the cache slot's word. A
    // component is made per component first resolved and kept for its container's life
    // (`StartUpMemoryTests`).

    /// Where the factory must run: inline, on the main actor, or awaited.
    @inlinable final var isolation: ComponentIsolation {
        switch _flags >> 4 {
        case ComponentIsolation.nonisolated.rawValue: .nonisolated
        case ComponentIsolation.mainActor.rawValue: .mainActor
        case ComponentIsolation.mainActorBound.rawValue: .mainActorBound
        default: .async
        }
    }
    /// Whether the registration has property injections or post-initialization actions.
    ///
    /// NB: stored apart from the injections: asking the typed array itself on the resolve path
    /// would make the runtime instantiate `[Injection<T>]` metadata and look up its
    /// `Collection` conformance on every build, as that code is not specialized for `T`.
    @inlinable final var _hasInjections: Bool { _flags & 2 != 0 }
    /// Whether the lifetime is `.prototype`: a build then never touches the strategy.
    @inlinable final var isPrototype: Bool { _flags & 4 != 0 }
    /// Where the component was registered: its identity across containers.
    final var site: DIRegistrationSite { identity.site }
    /// Site, type and ordinal: what keys process-wide caches and scope storages.
    let identity: ComponentIdentity
    /// The names and tags that tell this component apart from others of its type; empty for
    /// an unqualified component.
    final var qualifiers: [Qualifier] { readDetails(else: []) { $0.qualifiers } }
    /// Whether the component was marked `.default()`.
    final var isDefault: Bool { readDetails(else: false) { $0.isDefault } }
    /// Whether the component was marked `.override()`: it wins over every other candidate.
    final var isOverride: Bool { readDetails(else: false) { $0.isOverride } }
    /// Whether the component was marked `.root()`: the application resolves it at the top.
    final var isRoot: Bool { readDetails(else: false) { $0.isRoot } }
    /// Whether the component was marked `.allowsCapture()`: longer-lived ones may keep it.
    final var allowsCapture: Bool { readDetails(else: false) { $0.allowsCapture } }
    /// The component's lifetime, made from the strategy a ``ComponentBox`` keeps for its
    /// hot path (no second copy here).
    @usableFromInline var _lifetime: DIComponentLifetime { preconditionFailure("ComponentBox overrides _lifetime") }
    /// What other modules attached at registration (such as the registering framework).
    final var attributes: [ObjectIdentifier: any Sendable] { readDetails(else: [:]) { $0.attributes } }
    /// The types taken by the initializer, recorded at registration.
    let initializerDependencies: [Dependency]
    /// How many `Argument` parameters the initializer takes: the first arguments of a build.
    final var initializerArgumentCount: Int {
        initializerDependencies.isEmpty ? 0 : initializerDependencies.count { $0.isArgument }
    }
    /// How many arguments a build takes: the initializer's `Argument` parameters, then those
    /// of each property injection and `postInit`, in registration order.
    final var argumentCount: Int {
        readDetails(else: 0) { $0.injections.isEmpty ? 0 : $0.injections.reduce(0) { $0 + $1.argumentCount } }
            + initializerArgumentCount
    }
    /// The types taken by property injections, recorded at registration.
    final var propertyDependencies: [Dependency] {
        // The usual component has none: no generic `flatMap` for an empty list.
        readDetails(else: []) { $0.injections.isEmpty ? [] : $0.injections.flatMap { $0.dependencies } }
    }
    /// Where the component takes the resolving container (a `DIContainer` parameter), as
    /// validation's `dynamicResolution` finding says: `its factory`, `its property injection`,
    /// `its postInit`, each at most once, in that order (`DynamicResolutionPlaceTests`).
    final var resolverParameterPlaces: [String] {
        var places: [String] = []
        if initializerDependencies.contains(where: { $0.given == .resolver }) { places.append("its factory") }
        let injections = readDetails(else: []) { $0.injections }
        let taking = injections.filter { $0.dependencies.contains { $0.given == .resolver } }
        if taking.contains(where: { $0.stage == .property }) { places.append("its property injection") }
        if taking.contains(where: { $0.stage == .postInit }) { places.append("its postInit") }
        return places
    }

    /// The other types this component is exposed as with `.as(_:)`.
    final var exposedTypes: [Any.Type] {
        readDetails(else: []) { $0.exposedTypes.isEmpty ? [] : $0.exposedTypes.map { $0.type } }
    }
    /// The container holding the registration.
    @inlinable var _owner: DIContainer { unsafe _ownerWord.object }
    /// ``_owner``, unretained: a component is reached only through the bindings of its
    /// container or of a descendant, and a child holds its parent, so the owner outlives every
    /// read; a strong reference would be a cycle (the container holds its components).
    @usableFromInline let _ownerWord: UnsafeObjectWord<DIContainer>
    /// The details of the registration this component was published from, as the bits of an
    /// unretained ``UnsafeObjectWord``, 0 for none.
    ///
    /// They answer what the resolver rarely reads (qualifiers, flags, attributes, exposures,
    /// injections), kept once, not copied into every component. Kept by a
    /// ``ConfiguredComponentBox``: a plain `.prototype` component has none.
    ///
    /// Unretained, as ``_owner``, and for the same reason: the registry keeps every
    /// registration, and so its details, for its container's life (none is ever removed), and
    /// the owner outlives every read of a component. The details are never written once the
    /// registration is committed, which happens before any component of it is made. Read
    /// without a retain (validation reads several fields of every component per run).
    var detailsBits: UInt { 0 }
    /// The bits of an unretained ``UnsafeObjectWord`` of the lifetime state, 0 for none: kept
    /// (strongly) by a ``ConfiguredComponentBox``, as a `.prototype` component has none.
    @usableFromInline var lifetimeStateBits: UInt { 0 }

    /// A field of the details, or `absent` for a registration without details.
    @inline(__always) private func readDetails<Value>(else absent: Value, _ field: (RegistrationDetails) -> Value) -> Value {
        guard let details = unsafe UnsafeObjectWord<RegistrationDetails>(nonzero: detailsBits) else { return absent }
        return unsafe details.withObject(field)
    }

    /// A component of `registration` whose lifetime state is `lifetimeState`, which the
    /// caller keeps alive (``ConfiguredComponentBox``).
    init(
        registration: inout Registration, owner: DIContainer, dependencies: [Dependency],
        lifetimeState: (any AnyObject & Sendable)?, isReferenceType: Bool, isPrototype: Bool
    ) {
        let isolation = registration.isolation.rawValue << 4
        let flags: UInt8 = (isReferenceType ? 1 : 0) | (registration._hasInjections ? 2 : 0) | (isPrototype ? 4 : 0)
        let isClearable = lifetimeState is ClearableSlot
        // A component whose instances stay on the main actor has no inline hit: its kept
        // instance is handed out by `instance(in:)`, after the main-actor check.
        let isSlot = (isClearable || lifetimeState is InstanceSlot) && registration.isolation != .mainActorBound
        self.identity = registration.identity
        self.initializerDependencies = dependencies
        unsafe self._ownerWord = unsafe UnsafeObjectWord(unretained: owner)
        super.init(
            isComponent: true, flags: isolation | flags | (isClearable ? 8 : 0), registrationID: Registration.makeID(),
            cacheSlot: unsafe isSlot ? UnsafeObjectWord<AnyObject>(unretained: lifetimeState!).bits : 0)
    }

    /// The component as its own candidate: itself.
    override final var component: Component { self }

    // Each `…Override` member below is what `ComponentBox<T>` overrides for the `package`
    // member of the same name in `Extending/Component+Extending.swift` (`makeInstance(in:)`,
    // `holds(_:)`, `weakReferent(of:)`, `instance(fromReferent:)`): Swift
    // overrides only members declared in the class, and the feature modules see only
    // `Extending/`.

    /// Builds a new instance, runs or schedules its property injections, and returns it
    /// erased to an object (a class instance as itself, a value in a box).
    func makeInstanceOverride(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        preconditionFailure("ComponentBox overrides makeInstanceOverride")
    }

    /// Whether `object`, as a cache or storage returned it, is an instance of this component
    /// (a class instance of its type, or a value of its type in a box).
    func holdsOverride(_ object: AnyObject) -> Bool {
        preconditionFailure("ComponentBox overrides holdsOverride")
    }

    /// What a weak cache holds of `instance` (as ``makeInstanceOverride(in:)`` made it): the class
    /// instance, itself or in a value of a protocol type; `nil` for a value.
    func weakReferentOverride(of instance: AnyObject) -> AnyObject? {
        preconditionFailure("ComponentBox overrides weakReferentOverride")
    }

    /// The instance, as a cache hands it out, of what a weak cache held: the inverse of
    /// ``weakReferentOverride(of:)``.
    func instanceOverride(fromReferent referent: AnyObject) -> AnyObject {
        preconditionFailure("ComponentBox overrides instanceOverride(fromReferent:)")
    }

    /// Records that a build of this component resolved from inside its factory, through a
    /// container the factory captured or its resolver parameter: what it resolves that way no
    /// record says, and validation and the DOT export say so (`DynamicResolutionTests`).
    ///
    /// Seen, not known: a factory that captures a container shows it only once it has been
    /// built. Kept by the container holding the registration (``DIContainer/dynamicResolutions``),
    /// keyed by the component's identity: what one container's builds showed is never reported
    /// of another container's registration from the same line, and is freed with its container
    /// (`DynamicResolutionTests.aContainersFindingsIgnoreWhatAnotherContainerResolved`).
    final func recordDynamicResolution() { _ = _owner.dynamicResolutions.object { Protected(Set()) }.withLock { $0.insert(identityID) } }

    /// Whether a build of this component was seen resolving from inside its factory (see
    /// ``recordDynamicResolution()``).
    final var wasSeenResolvingDynamically: Bool { _owner.dynamicResolutions.existing?.withLock { $0.contains(identityID) } ?? false }

    /// The component's type name, qualifier and registration site, as errors print it.
    @usableFromInline package var description: String { info.description }

    /// Builds a new instance for an awaited resolve.
    ///
    /// Awaits an async factory or hops to the component's actor. The dependencies it needs
    /// that also need awaiting are prepared.
    func makeInstanceAsync(in context: inout ResolutionContext) async throws(DIError) -> AnyObject {
        preconditionFailure("ComponentBox overrides makeInstanceAsync")
    }

    /// Whether a request with `qualifier` finds this component: an unqualified request finds
    /// only unqualified components, a named or tagged one each component that has that name
    /// or tag.
    func answers(_ qualifier: Qualifier?) -> Bool {
        guard let qualifier else { return qualifiers.isEmpty }
        if case .all(let required) = qualifier { return required.allSatisfy { answers($0) } }
        return qualifiers.contains(qualifier)
    }

    /// The names and tags as messages print them (`name "a", tag T`), or `nil` for none.
    ///
    /// A closure, not a key path: a `.tooDeep` error describes its path with what is left of
    /// a small thread's stack, and a key path's first use instantiates its class's metadata
    /// through the runtime's demangler, deeper than that
    /// (`StackGuardTests.aTrappingProviderAtTooDeepOnA64KBThreadTrapsWithItsMessage`).
    var qualifierDescription: String? {
        qualifiers.isEmpty ? nil : qualifiers.map { $0.description }.joined(separator: ", ")
    }
}
