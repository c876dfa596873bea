extension Optional: DependencyWrapper {
    /// `nil` when nothing fits; a component that exists but fails is still an error.
    ///
    /// Around a `Lazy` or a `Provider` (`Lazy<T>?`), whether something fits is asked now,
    /// without building it. Settled on a candidate by an enclosing `[ ]`, nothing is missing.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Wrapped>.make(in: position.inside())
        return .wrapping(inner, as: inner.dependency.wrapped(in: .optional)) { inner in
            let get = inner.get
            let lookedUp = inner.dependency
            if inner.pinnedCandidate != nil { return { (context) throws(DIError) -> Self in try get(&context) } }
            if lookedUp.isDeferred && !lookedUp.isMany {
                return { (context) throws(DIError) -> Self in
                    ResolutionContext.anyFits(lookedUp.type, qualifier: lookedUp.qualifier, from: context.origin) ? try get(&context) : nil
                }
            }
            return { (context) throws(DIError) -> Self in
                do throws(DIError) { return try get(&context) } catch  where context.isUnavailableHere(error) { return nil }
            }
        }
    }
}
