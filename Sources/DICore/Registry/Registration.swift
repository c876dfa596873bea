import Synchronization

/// A registration: what its builder configured, then kept by the container's registry under
/// its lock.
///
/// The resolver never reads this; it reads the immutable ``Component`` published from it.
///
/// A value: while its builder is alive, its ``RegistrationDraft`` holds it; when the last copy
/// of the builder goes, it is moved into the registry's array. A registration therefore needs
/// no object of its own.
@usableFromInline struct Registration {
    /// Site, type and ordinal: the component's identity in every container.
    var identity: ComponentIdentity {
        switch made {
        case .identity(let identity): identity
        case .component(let component): component.identity
        }
    }
    /// Where the registration was made.
    var site: DIRegistrationSite { identity.site }
    /// The registration's own type.
    var type: Any.Type { identity.type }
    /// The key of the registration's own type.
    var ownKey: ObjectIdentifier { ObjectIdentifier(identity.type) }
    /// What few registrations set (exposures, names and tags, flags, attributes, injections,
    /// an isolation);
    /// `nil` until a builder call or a module sets one, so a plain registration carries,
    /// copies and destroys none of it.
    ///
    /// A registration made in the scope of a module's attributes starts from the scope's
    /// details, shared by every registration made there (see ``RegistrationAttributes``):
    /// never edited in place, copied by the first edit (`SharedDetailsTests`).
    private(set) var details: RegistrationDetails?
    /// The details to edit, made (or copied from shared ones) if the registration has none of
    /// its own: every change of a detail goes through it.
    // NB: a list or dictionary of the details is replaced whole, never appended to in place: a
    // modify access of a class property anywhere makes the compiler check every access of it at
    // run time (`swift_beginAccess`), reads on the registration path included.
    mutating func editedDetails() -> RegistrationDetails {
        if isKnownUniquelyReferenced(&details), let details { return details }
        let made = RegistrationDetails()
        // Shared details are a scope's, which hold only attributes (`RegistrationAttributes`).
        if let details { made.attributes = details.attributes }
        details = made
        return made
    }
    /// Other types it is exposed as, with `.as(_:)`.
    var exposedTypes: [Exposure] { details?.exposedTypes ?? [] }
    /// Its names and tags, in the order given; empty for an unqualified component.
    var qualifiers: [Qualifier] { details?.qualifiers ?? [] }
    /// What other modules attached at registration (such as the registering framework).
    var attributes: [ObjectIdentifier: any Sendable] {
        get { details?.attributes ?? [:] }
        set { editedDetails().attributes = newValue }
    }
    /// Property injections and post-initialization actions, in the order given.
    var injections: [any AnyInjection] { details?.injections ?? [] }
    /// Where the factory must run: kept in the details unless `.nonisolated`, so a plain
    /// registration stores nothing for it.
    var isolation: ComponentIsolation { details?.isolation ?? .nonisolated }
    /// `.prototype` unless set, made in place rather than copied from the static `prototype`
    /// (which would check its lazy global on every registration).
    var lifetime = DIComponentLifetime(strategyBox: nil)
    /// What the lifetime made for the registration (its cache cell), until the component is
    /// made: the component takes it, so one reference, not two, is kept.
    var lifetimeState: (any AnyObject & Sendable)?
    /// Whether the registration is `.prototype` and has no details: its component is then a
    /// ``ComponentBox`` without a lifetime's or details' fields, unless it has an async factory.
    @usableFromInline var _isPlain: Bool { lifetime.isPrototype && details == nil }
    /// Whether the registration has property injections or post-initialization actions.
    @usableFromInline var _hasInjections: Bool { details.map { !$0.injections.isEmpty } ?? false }
    /// The published component, made when the registration is first needed by a resolve.
    var component: Component? {
        guard case .component(let component) = made else { return nil }
        return component
    }
    /// The identity until the component is made, then the component, which keeps it: one
    /// word for both in every registration a registry keeps (`ComponentLayoutTests`).
    var made: Made

    /// What a registration keeps of its component: see ``made``.
    enum Made {
        case identity(ComponentIdentity)
        case component(Component)
    }
    /// A registration starting from `details` (a scope's, shared), or from none.
    init(
        identity: ComponentIdentity,
        details: RegistrationDetails?,
        isolation: ComponentIsolation,
        instantiate: @escaping @Sendable (inout Registration, DIContainer) -> Component
    ) {
        self.made = .identity(identity)
        self.instantiate = instantiate
        self.details = details
        if isolation != .nonisolated { editedDetails().isolation = isolation }
    }

    /// Builds the published component (the closure knows the registration's type and
    /// records its initializer's dependencies), which also makes the candidates and bindings
    /// of the registration as its own type.
    ///
    /// Taken by the registry when it makes the component, which is never made again: what
    /// the closure captured (the initializer) is then kept by the component's factory alone
    /// (`StartUpMemoryTests`).
    var instantiate: (@Sendable (inout Registration, DIContainer) -> Component)?

    /// The public description of the component this registration makes.
    var info: DIComponentInfo { DIComponentInfo(identity, qualifiers: qualifiers, attributes: attributes) }

    /// Adds a property injection or post-initialization action; an async one makes the
    /// component one that only the awaited resolve builds, a main-actor one a main-actor
    /// component (an awaited resolve then hops to the main actor to run it), one whose values
    /// stay on the main actor a component whose instances do.
    ///
    /// The strictest isolation wins, in the order of ``ComponentIsolation``'s cases: a
    /// main-actor component with an async action is built as an async one, its factory
    /// awaiting the main actor and the build running the action
    /// (`anAsyncInjectionOfACachedMainActorComponentRuns`).
    mutating func addInjection(_ injection: any AnyInjection) {
        let details = editedDetails()
        details.injections = details.injections + [injection]
        if injection.isolation.rawValue > details.isolation.rawValue { details.isolation = injection.isolation }
    }

    /// Adds a name or tag, unless the registration has it already.
    mutating func addQualifier(_ qualifier: Qualifier) {
        if !qualifiers.contains(qualifier) { editedDetails().qualifiers = qualifiers + [qualifier] }
    }

    private static let nextID = Atomic<Int>(0)

    /// A number unique in the process: a registration's while its builder is alive (its
    /// ``RegistrationDraft/id``; the registry then knows it by its index), and each
    /// component's (``Component/registrationID``).
    static func makeID() -> Int {
        nextID.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// The parts of a registration few registrations set, apart: see ``Registration/details``.
///
/// Edited only through its registration, by the builder, before the registration is committed;
/// never changed afterwards.
// NB: @unchecked Sendable: the builder alone edits it, on the registering thread, before the
// commit; from then on it is only read (a component may keep it).
// A scope's details are shared by registrations and only read (see `Registration.details`).
final class RegistrationDetails: @unchecked Sendable {
    var exposedTypes: [Exposure] = []
    var qualifiers: [Qualifier] = []
    var isDefault = false
    var isOverride = false
    var isRoot = false
    var allowsCapture = false
    var attributes: [ObjectIdentifier: any Sendable] = [:]
    var injections: [any AnyInjection] = []
    var isolation = ComponentIsolation.nonisolated

    init() {}

    /// Details holding only `attributes`: a scope's, which its registrations share.
    init(attributes: [ObjectIdentifier: any Sendable]) {
        self.attributes = attributes
    }
}
