import DICore

/// The part and framework whose `load` registered a component, kept in its attributes.
///
/// Read it with `component.attribute(ComponentOrigin.self)`. A part appended inside a
/// framework's load belongs to that framework; a framework appended inside another's load
/// is its own.
package struct ComponentOrigin: DescribedAttribute, Hashable {
    /// The part, or `nil` when the framework registered the component itself.
    package let part: ObjectIdentifier?
    /// The part's type name.
    package let partName: String?
    /// The framework, or `nil` when the part was appended outside any framework.
    package let framework: ObjectIdentifier?
    /// The framework's type name.
    package let frameworkName: String?

    /// The origin of components registered by `part`'s load inside `framework`'s.
    init(part: (any DIPart.Type)?, framework: ComponentOrigin?) {
        self.part = part.map { ObjectIdentifier($0) }
        self.partName = part.map { readableName(of: $0) }
        self.framework = framework?.framework
        self.frameworkName = framework?.frameworkName
    }

    /// The origin of components registered by `framework`'s own load.
    init(framework: any DIFramework.Type) {
        self.part = nil
        self.partName = nil
        self.framework = ObjectIdentifier(framework)
        self.frameworkName = readableName(of: framework)
    }

    /// `framework App.Payments, part App.CardPart`.
    package var originDescription: String {
        [frameworkName.map { "framework \($0)" }, partName.map { "part \($0)" }]
            .compactMap { $0 }
            .joined(separator: ", ")
    }
}
