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

    init(component: Component, origin: DIContainer) {
        self.component = component
        self.origin = origin
    }
}
