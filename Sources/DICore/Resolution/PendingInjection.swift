/// A property injection or post-initialization action waiting for the end of the top-level
/// resolve.
struct PendingInjection {
    let component: Component
    /// The container whose point of view built the instance.
    let origin: DIContainer
    /// Which instance of the resolve the action is for (a number the session gives each new
    /// instance with actions), so that the actions of one instance are found together.
    let instance: Int
    /// The instances whose actions, one inside another, built this one, outermost first:
    /// empty for an instance the resolve's own graph built.
    let chain: [InjectionStep]
    /// The components the resolve was building above the instance's component when it was
    /// built, outermost first, starting at what the resolve was asked for: what an error of
    /// the action puts before its own path (`InjectionErrorPathTests`).
    var outerPath: [Component] = []
    /// The synchronous action, if it is one.
    var run: ((inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, if it is one.
    var runAsync: ((inout ResolutionContext) async throws(DIError) -> Void)?
    /// Where its `Argument` parameters start among the arguments of the build that made the
    /// instance, and those arguments; `nil` for an action that takes none.
    var arguments: InjectionArguments?

    /// `error` of the action as the resolve reports it: after the path above its component.
    func placed(_ error: DIError) -> DIError { outerPath.isEmpty ? error : error.prefixed(by: outerPath.map(\.info)) }
}

/// An instance whose property injection or post-initialization action is running: its
/// component, and its number in its resolve (see `PendingInjection.instance`).
typealias InjectionStep = (component: Component, instance: Int)

/// The arguments of a build, as the `Argument` parameters of one of its injections take them
/// when it runs (at the end of the resolve, after the build's own have been taken).
struct InjectionArguments {
    /// The component whose instance the action injects.
    let registrationID: Int
    /// The depth of the component on the path while the action runs; `-1` until it runs.
    var depth = -1
    /// The arguments given to the build, `nil` if it was given none (a component below the
    /// top of the graph without addressed arguments).
    let given: [Any]?
    /// The index in `given` of the next argument the action takes.
    var next: Int
}
