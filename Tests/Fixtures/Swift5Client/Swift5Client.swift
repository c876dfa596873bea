// A client module in the Swift 5 language mode, set up as the documentation tells such a
// client to be: with `InferSendableFromCaptures` (SE-0418), `register(Engine.init)` of a
// non-Sendable class compiles without the "converting non-Sendable function value to
// '@Sendable ...'" warning. The package's build fails on any warning, so this target is the
// check; `Swift5ClientTests` resolves what it registers.
import DICore

/// A non-Sendable class, as a Swift 5 client's types usually are.
public final class Engine {
    /// Makes an engine.
    public init() {}
}

/// A non-Sendable class with a dependency.
public final class Car {
    /// The car's engine.
    public let engine: Engine
    /// Makes a car around `engine`.
    public init(engine: Engine) { self.engine = engine }
}

/// A non-Sendable class registered through a closure.
public final class Garage {
    /// The garage's car.
    public let car: Car
    /// Makes a garage holding `car`.
    public init(car: Car) { self.car = car }
}

/// Registers the client's components the two ways the documentation shows.
public func registerClientComponents(in container: DIContainer) {
    container.register(Engine.init)  // an initializer reference
    container.register(Car.init)
    container.register { Garage(car: $0) }  // a closure: quiet with or without the feature
}

/// A main-actor class whose router is injected by a main-actor closure.
@MainActor public final class ClientCoordinator {
    /// The injected router.
    public var router: ClientRouter?
    /// Makes a coordinator.
    public init() {}
}

/// A main-actor class the coordinator takes.
@MainActor public final class ClientRouter {
    /// Makes a router.
    public init() {}
}

/// Registers main-actor components with `.injection { @MainActor (...) -> Void in }`, the
/// spelling the documentation shows: without `-> Void`, the Swift 5 mode reads the parameter
/// list after `@MainActor ` as the attribute's arguments, and this target does not build.
public func registerMainActorComponents(in container: DIContainer) {
    container.register(ClientRouter.init)
    container.register(ClientCoordinator.init)
        .injection { @MainActor (coordinator: ClientCoordinator, router: ClientRouter) -> Void in
            coordinator.router = router
        }
}
