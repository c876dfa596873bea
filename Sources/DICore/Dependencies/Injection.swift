/// A property injection or post-initialization action of a component whose instances are `T`.
@usableFromInline struct Injection<T>: Sendable {
    /// When an injection runs: property injections first, then post-initialization actions.
    enum Stage: Sendable {
        /// A property injection: run once the graph exists.
        case property
        /// A `postInit` action: run once every property injection of the resolve has run.
        case postInit
    }

    let dependencies: [Dependency]
    let stage: Stage
    /// How many `Argument` parameters it takes: they follow the initializer's, and those of
    /// the injections before it, among the arguments of its component's build.
    let argumentCount: Int
    /// The synchronous action; `nil` for an async one.
    var apply: (@Sendable (T, inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, run only by an awaited resolve.
    var applyAsync: (@Sendable (T, inout ResolutionContext) async throws(DIError) -> Void)?
    /// Whether it runs on the main actor with values that are not `Sendable`: its component's
    /// instances then stay on the main actor (``ComponentIsolation/mainActorBound``).
    var staysOnMainActor = false

    /// An injection without its actions yet: its maker sets ``apply`` for a synchronous one,
    /// ``applyAsync`` for an async one, both for a main-actor one (which hops to the main actor
    /// where the resolve is awaited).
    ///
    /// Its parameters are those `getters` resolve, recorded as property dependencies.
    init<each Parameter>(stage: Stage, getters: repeat DependencyGetter<each Parameter>) {
        self.dependencies = Dependency.recorded(by: repeat each getters).map { $0.with(isProperty: true) }
        self.stage = stage
        self.argumentCount = dependencies.count { $0.isArgument }
    }
}
