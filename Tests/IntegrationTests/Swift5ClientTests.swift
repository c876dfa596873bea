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

    @MainActor @Test func aSwift5ModeClientInjectsOnTheMainActor() throws {
        let container = DIContainer()
        registerMainActorComponents(in: container)
        let coordinator = try container.resolve(ClientCoordinator.self)
        #expect(coordinator.router != nil)
    }
}
