/// A property injection or post-initialization action waiting for the end of the top-level
/// resolve.
struct PendingInjection {
    let component: Component
    /// The container whose point of view built the instance.
    let origin: DIContainer
    /// The synchronous action, if it is one.
    var run: ((inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, if it is one.
    var runAsync: ((inout ResolutionContext) async throws(DIError) -> Void)?
    /// Where its `Argument` parameters start among the arguments of the build that made the
    /// instance, and those arguments; `nil` for an action that takes none.
    var arguments: InjectionArguments?

    init(component: Component, origin: DIContainer) {
        self.component = component
        self.origin = origin
    }
}

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
