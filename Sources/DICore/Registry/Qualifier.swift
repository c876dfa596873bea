/// A name or tag type that tells apart several components of one type.
@usableFromInline enum Qualifier: Hashable, Sendable, CustomStringConvertible {
    /// Set with `.named(_:)`.
    case name(String)
    /// Set with `.tagged(_:)`; the tag type's name is kept for messages. The name follows from
    /// the type, so the synthesized `==` and `hash(into:)` tell tags apart by type.
    case tag(ObjectIdentifier, String)
    /// A request for a component that has every one of these names and tags.
    case all([Qualifier])

    init<Tag>(tag: Tag.Type) {
        self = .tag(ObjectIdentifier(tag), readableName(of: tag))
    }

    /// A request for a component that carries every one of the tags (one tag is that tag).
    init<First, each Rest>(tags first: First.Type, _ rest: repeat (each Rest).Type) {
        var qualifiers = [Qualifier(tag: first)]
        for tag in repeat each rest {
            qualifiers.append(Qualifier(tag: tag))
        }
        self = qualifiers.count == 1 ? qualifiers[0] : .all(qualifiers)
    }

    /// `name "x"` or `tag T`.
    @usableFromInline var description: String {
        switch self {
        case .name(let name): "name \"\(name)\""
        case .tag(_, let name): "tag \(name)"
        case .all(let qualifiers): qualifiers.map(\.description).joined(separator: " and ")
        }
    }
}
