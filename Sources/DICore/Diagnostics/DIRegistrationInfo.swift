/// One registration of a container, as ``DIContainer/registrations`` lists it: what tools and
/// tests may ask of it.
///
/// ```swift
/// for registration in container.registrations where registration.lifetime == .single {
///     print(registration)     // AppConfig at App/Config.swift:12:5, lifetime single
/// }
/// ```
public struct DIRegistrationInfo: Sendable, CustomStringConvertible {
    /// The component as errors and validation show it: type, names and tags, site, origin.
    public let component: DIComponentInfo
    /// The other types the component is exposed as, with `.as(_:)`, in the order given.
    public var exposedTypes: [Any.Type] { details?.exposedTypes.map(\.type) ?? [] }
    /// Its names, from `.named(_:)`, in the order given.
    public var names: [String] { qualifiers.compactMap { if case .name(let name) = $0 { name } else { nil } } }
    /// Its tags, from `.tagged(_:)`, as type names, in the order given.
    public var tags: [String] { qualifiers.compactMap { if case .tag(_, let name) = $0 { name } else { nil } } }
    /// Its lifetime.
    public let lifetime: DIComponentLifetime
    /// Whether it was marked `.default()`.
    public var isDefault: Bool { details?.isDefault ?? false }
    /// Whether it was marked `.override()`.
    public var isOverride: Bool { details?.isOverride ?? false }
    /// Whether it was marked `.root()`.
    public var isRoot: Bool { details?.isRoot ?? false }
    /// Whether its instances are made outside the container: registered with `register(_:)`
    /// of a type, filled by ``DIContainer/inject(into:isolation:)``.
    public var isMadeElsewhere: Bool { details?.attributes[ObjectIdentifier(MadeElsewhere.self)] != nil }

    /// The type the component's initializer returns.
    public var type: Any.Type { component.type }
    /// Where it was registered.
    public var site: DIRegistrationSite { component.site }
    /// What registered it, if a module recorded it, such as `framework Payments, part PaymentsPart`.
    public var origin: String? { component.origin }

    /// What the registration's builder configured, never changed once it is committed.
    private let details: RegistrationDetails?
    /// Its names and tags, in the order given.
    private var qualifiers: [Qualifier] { details?.qualifiers ?? [] }

    init(_ registration: Registration) {
        component = registration.info
        lifetime = registration.lifetime
        details = registration.details
    }

    /// `Type (name "x") at File.swift:12:5 [origin], lifetime single, as P, default`.
    public var description: String {
        var text = "\(component), lifetime \(lifetime)"
        if !exposedTypes.isEmpty { text += ", as " + exposedTypes.map { readableName(of: $0) }.joined(separator: ", ") }
        let marks = [(isDefault, "default"), (isOverride, "override"), (isRoot, "root"), (isMadeElsewhere, "made elsewhere")]
        return text + marks.filter(\.0).map { ", " + $0.1 }.joined()
    }
}
