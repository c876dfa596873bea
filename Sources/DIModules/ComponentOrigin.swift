import DICore

/// The part and framework whose `load` registered a component, kept in its attributes.
///
/// Read it with `component.attribute(ComponentOrigin.self)`. A part appended inside a
/// framework's load belongs to that framework; a framework appended inside another's load
/// is its own.
///
/// It keeps the types and names them only when asked: an append makes one per load, and most
/// origins are never described (`OriginTests`).
package struct ComponentOrigin: DescribedAttribute {
    // NB: plain metatypes, one word each: the origin (two words) is stored inline in an
    // attribute's existential, with no box.
    /// The part, or `nil` when the framework registered the component itself.
    private let partType: Any.Type?
    /// The framework, or `nil` when the part was appended outside any framework.
    let frameworkType: Any.Type?

    /// The origin of components registered by `part`'s load inside the load of `frameworkType`
    /// (`nil`: outside any framework's), or by the framework's own load (`part` `nil`).
    init(part: (any DIPart.Type)?, frameworkType: Any.Type?) {
        self.partType = part
        self.frameworkType = frameworkType
    }

    /// The part, or `nil` when the framework registered the component itself.
    package var part: ObjectIdentifier? { partType.map { ObjectIdentifier($0) } }
    /// The framework, or `nil` when the part was appended outside any framework.
    package var framework: ObjectIdentifier? { frameworkType.map { ObjectIdentifier($0) } }

    /// `framework App.Payments, part App.CardPart`.
    package var originDescription: String {
        [frameworkType.map { "framework \(readableName(of: $0))" }, partType.map { "part \(readableName(of: $0))" }]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
