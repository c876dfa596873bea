/// The async factory and the property injections of a component, apart from it: few
/// components have either.
@usableFromInline final class ComponentExtras<T>: Sendable {
    let asyncFactory: ComponentBox<T>.AsyncFactory?
    @usableFromInline let injections: [Injection<T>]

    init(asyncFactory: ComponentBox<T>.AsyncFactory?, injections: [Injection<T>]) {
        self.asyncFactory = asyncFactory
        self.injections = injections
    }
}
