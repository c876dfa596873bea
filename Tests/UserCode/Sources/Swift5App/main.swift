// A Swift 5 mode client with non-Sendable classes, as a Swift 5 app's are, registered by
// initializer references and closures, resolved synchronously and awaited after an await.
import DICore
import DILifetime

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("Swift5App: \(message())", line: line) }
}

final class Engine {
    init() {}
}
final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}
final class Garage {
    let car: Car
    init(car: Car) { self.car = car }
}

let container = DIContainer()
container.register(Engine.init).lifetime(.perContainer(.strong))
container.register(Car.init)
container.register { Garage(car: $0) }

func awaited() async throws -> Garage {
    try await Task.sleep(nanoseconds: 1)
    return try await container.resolve(Garage.self)
}

let car: Car? = container.resolve()
expect(car != nil, "the car")
let garage = try await awaited()
expect(garage.car.engine === car?.engine, "one cached engine")
print("Swift5App: ok")
