extension Optional: DependencyWrapper {
    /// `nil` when nothing fits; a component that exists but fails is still an error.
    ///
    /// Around a `Lazy` or a `Provider` (`Lazy<T>?`), whether something fits is asked now,
    /// without building it.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self> {
        let inner = DependencyGetter<Wrapped>.make(in: position.inside())
        let dependency = inner.dependency.wrapped(in: .optional)
        let innerGet = inner.get
        let get: @Sendable (inout ResolutionContext) throws(DIError) -> Self
        if inner.dependency.isDeferred && !inner.dependency.isMany {
            let lookedUp = inner.dependency
            get = { (context) throws(DIError) -> Self in
                ResolutionContext.anyFits(lookedUp.type, qualifier: lookedUp.qualifier, from: context.origin) ? try innerGet(&context) : nil
            }
        } else {
            get = { (context) throws(DIError) -> Self in
                do throws(DIError) { return try innerGet(&context) } catch  where context.isUnavailableHere(error) { return nil }
            }
        }
        let innerPinned = inner.getPinned
        return DependencyGetter(
            dependency, get, pinned: { (context, candidate) throws(DIError) -> Self in try innerPinned(&context, candidate) },
            candidates: inner.candidates)
    }
}
