extension Array: DependencyWrapper {
    /// Every component that fits the element's innermost lookup, in registration order, each
    /// taken in the element's shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Element>.make(in: position.inside(many: true))
        let dependency = inner.dependency.wrapped(in: .many)
        if position.isInsideMany || inner.dependency.isMany {
            return .meaningless(dependency, "an array of arrays has no meaning; take [T]")
        }
        if inner.dependency.problem != nil { return .meaningless(dependency, inner.dependency.problem!) }
        if !(Element.self is any DependencyWrapper.Type) {
            let qualifier = inner.dependency.qualifier
            return DependencyGetter(dependency) { (context) throws(DIError) -> Self in
                try context.resolveAll(Element.self, qualifier: qualifier)
            }
        }
        let lookedUp = inner.dependency
        return DependencyGetter(dependency) { (context) throws(DIError) -> Self in
            var values: [Element] = []
            for candidate in ResolutionContext.candidates(of: lookedUp.type, qualifier: lookedUp.qualifier, from: context.origin) {
                do throws(DIError) {
                    values.append(try inner.pinned(to: candidate).get(&context))
                } catch  where context.isUnavailableHere(error) {
                    // A factory that returned nil: that component is not available, and left out.
                }
            }
            return values
        }
    }
}
