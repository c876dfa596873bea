extension DependencyGetter where Value == DIContainer {
    /// The getter of a `DIContainer` parameter: the container resolving the component.
    ///
    /// That is the current point of view. A resolve called on it inside the factory joins the
    /// resolve in progress; the factory holds the container only while it runs.
    static var resolver: DependencyGetter<DIContainer> {
        DependencyGetter(Dependency(type: DIContainer.self, isResolver: true)) { (context) throws(DIError) -> DIContainer in
            context.origin
        }
    }
}
