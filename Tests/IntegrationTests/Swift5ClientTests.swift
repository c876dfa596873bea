import DICore
import Swift5Client
import Testing

@Suite struct Swift5ClientTests {
    @Test func aSwift5ModeClientRegistersNonSendableInitializers() throws {
        let container = DIContainer()
        registerClientComponents(in: container)
        let garage = try container.resolve(Garage.self)
        let engine: Engine? = container.resolve()
        #expect(engine != nil)
        #expect(garage.car.engine !== engine)
    }
}
