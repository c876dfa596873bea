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

    init(type: Any.Type, qualifier: String?, site: DIRegistrationSite, origin: String? = nil) {
        self.type = type
        self.qualifier = qualifier
        self.site = site
        self.origin = origin
    }

    /// `Type (name "x") at File.swift:12:5`, followed by `[origin]` when there is one.
    public var description: String {
        let name = String(reflecting: type)
        let qualified = qualifier.map { "\(name) (\($0))" } ?? name
        let located = "\(qualified) at \(site)"
        return origin.map { "\(located) [\($0)]" } ?? located
    }

    /// Whether two infos have the same site, type and qualifier.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.site == rhs.site && ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
            && lhs.qualifier == rhs.qualifier
    }

    /// Hashes the site and type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(site)
        hasher.combine(ObjectIdentifier(type))
    }
}
