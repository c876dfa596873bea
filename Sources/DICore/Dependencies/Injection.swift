/// When an injection runs: property injections first, then post-initialization actions.
enum InjectionStage: Sendable {
    /// A property injection: run once the graph exists.
    case property
    /// A `postInit` action: run once every property injection of the resolve has run.
    case postInit
}

/// A property injection or post-initialization action of a component whose instances are `T`.
@usableFromInline struct Injection<T>: AnyInjection {
    let dependencies: [Dependency]
    let stage: InjectionStage
    /// Where it runs: `.nonisolated` by ``apply``; `.async` by ``applyAsync`` alone;
    /// `.mainActor` by ``apply`` where the resolve runs on the main actor, else by
    /// ``applyAsync``, which hops there; `.mainActorBound` by ``apply`` on the main actor, with
    /// values that are not `Sendable`, so its component's instances stay there.
    let isolation: ComponentIsolation
    /// How many `Argument` parameters it takes: they follow the initializer's, and those of
    /// the injections before it, among the arguments of its component's build.
    let argumentCount: Int
    /// The synchronous action; `nil` for an async one.
    var apply: (@Sendable (T, inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, run only by an awaited resolve.
    var applyAsync: (@Sendable (T, inout ResolutionContext) async throws(DIError) -> Void)?

    /// An injection without its actions yet: its maker sets those ``isolation`` names.
    ///
    /// Its parameters are those `getters` resolve, recorded as property dependencies.
    init<each Parameter>(stage: InjectionStage, isolation: ComponentIsolation, getters: repeat DependencyGetter<each Parameter>) {
        self.dependencies = Dependency.recorded(by: repeat each getters).map { $0.with(isProperty: true) }
        self.stage = stage
        self.isolation = isolation
        self.argumentCount = dependencies.count { $0.isArgument }
    }
}
