import Synchronization

/// A registration as its builder edits it, kept by the container's registry under its lock.
///
/// The resolver never reads this; it reads the immutable ``Component`` published from it.
///
/// A class: the builder, the registry and the publication share one object, so handing it on
/// is a retain, not a copy of every field (which cost more than the rest of a registration).
// NB: @unchecked: its builder alone edits it until the builder commits it; from then on it
// is read and edited only with the registry locked. The same rule is why its fields skip the
// run-time exclusivity checks (`@exclusivity(unchecked)`): no two accesses can overlap, and
// each check cost about 75 instructions, several per registration.
@usableFromInline
final class Registration: @unchecked Sendable {
    /// Unique in the process, stable while the builder edits the registration.
    let id: Int
    /// Site, type and ordinal: the component's identity in every container.
    let identity: ComponentIdentity
    /// Where the registration was made.
    var site: DIRegistrationSite { identity.site }
    /// The registration's own type.
    var type: Any.Type { identity.type }
    /// The key of the registration's own type.
    var ownKey: ObjectIdentifier { ObjectIdentifier(identity.type) }
    /// Other types it is exposed as, with `.as(_:)`.
    @exclusivity(unchecked) var exposedTypes: [Exposure] = []
    /// Its names and tags, in the order given; empty for an unqualified component.
    @exclusivity(unchecked) var qualifiers: [Qualifier] = []
    @exclusivity(unchecked) var isDefault = false
    /// Set by `.override()`: wins over every other candidate of its types in its container.
    @exclusivity(unchecked) var isOverride = false
    /// Whether the application resolves the component at the top (`.root()`).
    @exclusivity(unchecked) var isRoot = false
    /// Where the factory must run (beside the flags: one byte, no padding of its own).
    @exclusivity(unchecked) var isolation: ComponentIsolation
    /// `.prototype` unless set, made in place (copying the static `prototype` cost a lazy-global
    /// check and an existential copy per registration).
    @exclusivity(unchecked) var lifetime = DIComponentLifetime._prototype
    @exclusivity(unchecked) var lifetimeState: (any AnyObject & Sendable)?
    @exclusivity(unchecked) var attributes: [ObjectIdentifier: any Sendable]
    @exclusivity(unchecked) var injections: [AnyInjection] = []
    /// Whether the registration has property injections or post-initialization actions.
    @usableFromInline
    var _hasInjections: Bool { !injections.isEmpty }
    /// The published component, made when the registration is first needed by a resolve.
    @exclusivity(unchecked) var component: Component?
    /// The registration's candidate as its own type, reused by every binding published for the
    /// type: the hot path reads a binding's primary candidate unretained, so the registration,
    /// not the binding, keeps it.
    ///
    /// `DIContainer._component` sets it with the component, in code specialized for the type;
    /// the registry makes it otherwise.
    @usableFromInline
    @exclusivity(unchecked) var _ownCandidate: AnyCandidate?
    init(
        id: Int,
        identity: ComponentIdentity,
        attributes: [ObjectIdentifier: any Sendable],
        isolation: ComponentIsolation,
        instantiate: @escaping @Sendable (Registration, DIContainer) -> Component
    ) {
        self.id = id
        self.identity = identity
        self.attributes = attributes
        self.isolation = isolation
        self.instantiate = instantiate
    }

    /// Builds the published component (the closure knows the registration's type and
    /// records its initializer's dependencies), which also makes the candidates and bindings
    /// of the registration as its own type.
    let instantiate: @Sendable (Registration, DIContainer) -> Component

    /// The public description of the component this registration makes.
    var info: DIComponentInfo {
        let origins = attributes.values.compactMap { ($0 as? any DescribedAttribute)?.originDescription }.sorted()
        return DIComponentInfo(
            type: type, qualifier: qualifiers.isEmpty ? nil : qualifiers.map(\.description).joined(separator: ", "),
            site: site, origin: origins.isEmpty ? nil : origins.joined(separator: "; "))
    }

    /// Adds a property injection or post-initialization action; an async one makes the
    /// component one that only the awaited resolve builds.
    func addInjection(_ injection: AnyInjection) {
        injections.append(injection)
        if injection.isAsync && isolation == .nonisolated { isolation = .async }
    }

    /// Adds a name or tag, unless the registration has it already.
    func addQualifier(_ qualifier: Qualifier) {
        if !qualifiers.contains(qualifier) { qualifiers.append(qualifier) }
    }

    /// Every type key this registration answers.
    var keys: [ObjectIdentifier] { [ownKey] + exposedTypes.map { $0.key } }

    private static let nextID = Atomic<Int>(0)

    static func makeID() -> Int {
        nextID.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
