extension Array: DependencyWrapper {
    /// Every component that fits the element's innermost lookup, in registration order, each
    /// taken in the element's shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Element>.make(in: position.inside())
        let dependency = inner.dependency.wrapped(in: .many)
        // An array inside the element, however deep, leaves `[ ]` in the element's wrappers.
        if inner.dependency.isMany {
            return .meaningless(dependency, "an array of arrays has no meaning; take [T]")
        }
        if inner.dependency.problem != nil { return .meaningless(dependency, inner.dependency.problem!) }
        // A plain element is each candidate's instance; a wrapper's, its shape settled on each.
        let isPlain = !(Element.self is any DependencyWrapper.Type)
        return DependencyGetter(dependency) { (context) throws(DIError) -> Self in
            var values: [Element] = []
            for candidate in ResolutionContext.lookUp(dependency, requester: nil, from: context.origin).candidates {
                do throws(DIError) {
                    let value = try isPlain ? candidate.instance(as: Element.self, in: &context) : inner.pinned(to: candidate).get(&context)
                    values.append(value)
                } catch  where context.isUnavailableHere(error) {
                    // A factory that returned nil: that component is not available, and left out.
                }
            }
            return values
        }
    }
}
