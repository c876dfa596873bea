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
    public let exposedTypes: [Any.Type]
    /// Its names, from `.named(_:)`, in the order given.
    public let names: [String]
    /// Its tags, from `.tagged(_:)`, as type names, in the order given.
    public let tags: [String]
    /// Its lifetime.
    public let lifetime: DIComponentLifetime
    /// Whether it was marked `.default()`.
    public let isDefault: Bool
    /// Whether it was marked `.override()`.
    public let isOverride: Bool
    /// Whether it was marked `.root()`.
    public let isRoot: Bool
    /// Whether its instances are made outside the container: registered with `register(_:)`
    /// of a type, filled by ``DIContainer/inject(into:isolation:)``.
    public let isMadeElsewhere: Bool

    /// The type the component's initializer returns.
    public var type: Any.Type { component.type }
    /// Where it was registered.
    public var site: DIRegistrationSite { component.site }
    /// What registered it, if a module recorded it, such as `framework Payments, part PaymentsPart`.
    public var origin: String? { component.origin }

    init(_ registration: Registration) {
        let qualifiers = registration.qualifiers
        component = registration.info
        exposedTypes = registration.exposedTypes.map(\.type)
        names = qualifiers.compactMap { if case .name(let name) = $0 { name } else { nil } }
        tags = qualifiers.compactMap { if case .tag(_, let name) = $0 { name } else { nil } }
        lifetime = registration.lifetime
        isDefault = registration.isDefault
        isOverride = registration.isOverride
        isRoot = registration.isRoot
        isMadeElsewhere = registration.attributes[ObjectIdentifier(MadeElsewhere.self)] != nil
    }

    /// `Type (name "x") at File.swift:12:5 [origin], lifetime single, as P, default`.
    public var description: String {
        var text = "\(component), lifetime \(lifetime)"
        if !exposedTypes.isEmpty { text += ", as " + exposedTypes.map { readableName(of: $0) }.joined(separator: ", ") }
        let marks = [(isDefault, "default"), (isOverride, "override"), (isRoot, "root"), (isMadeElsewhere, "made elsewhere")]
        return text + marks.filter(\.0).map { ", " + $0.1 }.joined()
    }
}
