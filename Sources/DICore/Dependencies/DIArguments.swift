/// Arguments addressed to the components of one type, wherever they stand in the graph.
///
/// The arguments of `resolve(_:arguments:)` go to the component the resolve
/// asks for. To give arguments to a dependency deeper in the graph, address them by the type
/// of the component that takes them (its registered type or a type it is exposed as):
///
/// ```swift
/// container.register { (name: Argument<String>) in Cat(name: name.value) }
/// container.register(Owner.init)            // Owner(cat: Cat)
/// let owner = try container.resolve(Owner.self, arguments: .for(Cat.self, "Tom"))
/// ```
///
/// Every build of such a component in the resolve takes the same arguments, in the order of
/// its `Argument` parameters. Addressed arguments win over the resolve's own for the component
/// they address.
public struct DIArguments: Sendable {
    /// The type of the component that takes the arguments.
    let type: Any.Type
    // NB: UnsafeTransfer: the values go from the caller to factories of its own resolve,
    // which run on the caller's thread (or the resolve's task), as the caller handed them
    // over; nothing keeps them after the resolve.
    let values: UnsafeTransfer<[Any]>

    /// Arguments for the `Argument` parameters of the components of type `type`, in order.
    ///
    /// - Parameters:
    ///   - type: The registered type of the component (or a type it is exposed as).
    ///   - values: One value per `Argument` parameter, in parameter order.
    /// - Returns: The addressed arguments, for `resolve(_:arguments:)`.
    public static func `for`<T, each Value>(_ type: T.Type, _ values: repeat each Value) -> DIArguments {
        unsafe DIArguments(type: T.self, values: UnsafeTransfer(Self.values(repeat each values)))
    }

    /// The values of a parameter pack, in order: how every call taking arguments lists them.
    static func values<each Value>(_ values: repeat each Value) -> [Any] {
        var all: [Any] = []
        for value in repeat each values { all.append(value) }
        return all
    }

    /// Whether these arguments are for `component`.
    func address(_ component: Component) -> Bool {
        ObjectIdentifier(component.type) == ObjectIdentifier(type)
            || component.exposedTypes.contains { ObjectIdentifier($0) == ObjectIdentifier(type) }
    }
}
