/// A component as errors and reports show it: its type, name or tag, and registration site.
public struct DIComponentInfo: Sendable, Hashable, CustomStringConvertible {
    /// The type the component's initializer returns.
    public let type: Any.Type
    /// The component's name or tag, if it has one, as `name "x"` or `tag T`.
    public let qualifier: String?
    /// Where the component was registered.
    public let site: DIRegistrationSite

    /// `Type (name "x") at File.swift:12:5`.
    public var description: String {
        let name = String(reflecting: type)
        let qualified = qualifier.map { "\(name) (\($0))" } ?? name
        return "\(qualified) at \(site)"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.site == rhs.site && ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
            && lhs.qualifier == rhs.qualifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(site)
        hasher.combine(ObjectIdentifier(type))
    }
}
