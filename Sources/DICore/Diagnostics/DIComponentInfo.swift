/// A component as errors and reports show it: its type, name or tag, and registration site.
public struct DIComponentInfo: Sendable, Hashable, CustomStringConvertible {
    /// The type the component's initializer returns.
    public let type: Any.Type
    /// The component's name or tag, if it has one, as `name "x"` or `tag T`.
    public let qualifier: String?
    /// Where the component was registered.
    public let site: DIRegistrationSite
    /// What registered the component, if a module recorded it, such as
    /// `framework Payments, part PaymentsPart`.
    public let origin: String?

    /// Which registration of ``type`` from ``site`` in its container this is, from 0: a
    /// `register` line in a loop or a helper adds one component per call.
    public let ordinal: Int

    /// `Type (name "x") at File.swift:12:5`, with `#n` for the n-th registration of the type
    /// from that site (from the second on), followed by `[origin]` when there is one.
    public var description: String {
        let name = readableName(of: type)
        let qualified = qualifier.map { "\(name) (\($0))" } ?? name
        let located = "\(qualified) at \(site)" + (ordinal == 0 ? "" : " #\(ordinal + 1)")
        return origin.map { "\(located) [\($0)]" } ?? located
    }

    /// Whether two infos have the same site, type, ordinal and qualifier.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.site == rhs.site && ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
            && lhs.ordinal == rhs.ordinal && lhs.qualifier == rhs.qualifier
    }

    /// Hashes the site and type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(site)
        hasher.combine(ObjectIdentifier(type))
    }
}

extension DIComponentInfo {
    /// The component of `identity`, with its names and tags and the origin its `attributes`
    /// describe (a framework or a part describes itself): the one wording of a registration's
    /// and a component's description.
    init(_ identity: ComponentIdentity, qualifiers: [Qualifier] = [], attributes: [ObjectIdentifier: any Sendable] = [:]) {
        let origins = attributes.values.compactMap { ($0 as? any DescribedAttribute)?.originDescription }.sorted()
        self.init(
            type: identity.type, qualifier: qualifiers.isEmpty ? nil : qualifiers.map(\.description).joined(separator: ", "),
            site: identity.site, origin: origins.isEmpty ? nil : origins.joined(separator: "; "), ordinal: identity.ordinal)
    }
}
