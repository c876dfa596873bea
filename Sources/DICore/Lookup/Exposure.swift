/// A type a registration is exposed as with `.as(_:)`, with what it takes to build that type's
/// binding (the registration's own type needs none: its component builds those).
struct Exposure: Sendable {
    let type: Any.Type
    var key: ObjectIdentifier { ObjectIdentifier(type) }
    /// Makes the candidates of this type.
    // NB: an existential of an empty generic struct, not two closures: it fits the
    // existential's inline buffer, so a registration allocates nothing for it.
    private let maker: any BindingMaker
    /// Whether the type is a class no instance of the registration can be, for validation.
    var isImpossible = false

    /// Makes the candidate of a component of this registration, as this type.
    func makeCandidate(_ component: Component) -> AnyCandidate { maker.makeCandidate(component) }

    /// Another type `T` that a registration of `Source` is exposed as.
    static func converted<Source, T>(from source: Source.Type, to type: T.Type) -> Exposure {
        Exposure(type: T.self, maker: ConvertedBindingMaker<Source, T>())
    }

    /// Another type `T` that a registration of `Source` is exposed as through `convert`.
    static func mapped<Source, T>(from source: Source.Type, to type: T.Type, _ convert: @escaping @Sendable (Source) -> T)
        -> Exposure
    {
        Exposure(type: T.self, maker: MappedBindingMaker<Source, T>(convert: convert))
    }
}

/// Makes the candidates of one exposed type.
private protocol BindingMaker: Sendable {
    func makeCandidate(_ component: Component) -> AnyCandidate
}

/// A registration of `Source` resolved as `T` through a closure.
// NB: unchecked: as in `ConvertedBindingMaker`; the components are `ComponentBox<Source>`.
private struct MappedBindingMaker<Source, T>: BindingMaker {
    let convert: @Sendable (Source) -> T

    func makeCandidate(_ component: Component) -> AnyCandidate {
        MappedCandidate<Source, T>(UncheckedCast.downcast(component, to: ComponentBox<Source>.self), convert: convert)
    }
}

/// A registration of `Source` resolved as `T`.
// NB: unchecked: an exposure's maker gets only the components of its own registration of
// `Source` (each a `ComponentBox<Source>`).
private struct ConvertedBindingMaker<Source, T>: BindingMaker {
    func makeCandidate(_ component: Component) -> AnyCandidate {
        ConvertedCandidate<Source, T>(UncheckedCast.downcast(component, to: ComponentBox<Source>.self))
    }
}
