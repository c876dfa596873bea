extension DependencyGetter {
    /// The getter of a wrapper (`Tagged`, `Named`) whose inner shape's innermost lookup asks
    /// for `qualifier`, each value it gets wrapped by `wrap`.
    ///
    /// A dependency takes one name or tag, and an `Argument` is given, not looked up: either
    /// inside such a wrapper is a shape with no meaning.
    ///
    /// - Parameters:
    ///   - qualifier: The name or tag the wrapper asks for.
    ///   - position: Where the wrapper stands in the enclosing shape.
    ///   - wrapper: The wrapper's name, for the error of a meaningless shape.
    ///   - wrap: Wraps a value of the inner shape.
    static func qualified<Inner>(
        _ qualifier: Qualifier, in position: DependencyPosition, wrapper: String, _ wrap: @escaping @Sendable (Inner) -> Value
    ) -> DependencyGetter<Value> {
        var inside = position.inside()
        inside.qualifier = qualifier
        let inner = DependencyGetter<Inner>.make(in: inside)
        if position.qualifier != nil {
            return .meaningless(inner.dependency, "a dependency takes one name or tag; \(wrapper) inside Tagged or Named has no meaning")
        }
        if inner.dependency.isArgument {
            return .meaningless(inner.dependency, "an Argument is given to the resolve, not looked up by name or tag")
        }
        return .wrapping(inner) { inner in
            let get = inner.get
            return { (context) throws(DIError) -> Value in wrap(try get(&context)) }
        }
    }
}
