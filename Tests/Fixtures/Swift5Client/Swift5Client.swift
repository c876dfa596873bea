// A client module in the Swift 5 language mode, set up as the documentation tells such a
// client to be: with `InferSendableFromCaptures` (SE-0418), `register(Engine.init)` of a
// non-Sendable class compiles without the "converting non-Sendable function value to
// '@Sendable ...'" warning. The package's build fails on any warning, so this target is the
// check; `Swift5ClientTests` resolves what it registers.
import DICore

public final class Engine {
    public init() {}
}

public final class Car {
    public let engine: Engine
    public init(engine: Engine) { self.engine = engine }
}

public final class Garage {
    public let car: Car
    public init(car: Car) { self.car = car }
}

/// Registers the client's components the two ways the documentation shows.
public func registerClientComponents(in container: DIContainer) {
    container.register(Engine.init)  // an initializer reference
    container.register(Car.init)
    container.register { Garage(car: $0) }  // a closure: quiet with or without the feature
}
