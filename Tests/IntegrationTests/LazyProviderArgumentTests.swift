import DICore
import DILifetime
import Testing

private final class Dog: Sendable {
    let name: String
    init(name: Argument<String>) { self.name = name.value }
}
private final class Handler: Sendable {
    let id: Int
    init(id: Argument<Int>) { self.id = id.value }
}
private final class Endpoint: Sendable {
    let handler: Handler
    init(handler: Handler) { self.handler = handler }
}
private final class EndpointOwner: Sendable {
    let endpoint: Lazy<Endpoint>
    let endpoints: Provider<Endpoint>
    init(endpoint: Lazy<Endpoint>, endpoints: Provider<Endpoint>) {
        self.endpoint = endpoint
        self.endpoints = endpoints
    }
}

/// Records a name a factory read.
private final class Kennel: Sendable {
    let names: [String]
    init(names: [String]) { self.names = names }
}

/// A `Lazy` or `Provider` resolved with arguments keeps them for its reads.
@Suite struct LazyProviderArgumentTests {
    @Test func aLazyMadeWithArgumentsReadsWithThem() throws {
        let container = DIContainer()
        container.register(Dog.init)
        let lazy = try container.resolve(Lazy<Dog>.self, arguments: "Hachi")
        #expect(try lazy.resolvedValue().name == "Hachi")
    }

    @Test func aLazyMadeWithAddressedArgumentsReadsWithThem() throws {
        let container = DIContainer()
        container.register(Handler.init)
        container.register(Endpoint.init)
        let lazy = try container.resolve(Lazy<Endpoint>.self, arguments: .for(Handler.self, 8))
        #expect(try lazy.resolvedValue().handler.id == 8)
    }

    @Test func aProviderMadeWithArgumentsUsesThemWhenCalledWithNone() throws {
        let container = DIContainer()
        container.register(Dog.init)
        let provider = try container.resolve(Provider<Dog>.self, arguments: "Hachi")
        #expect(try provider.resolve().name == "Hachi")
        #expect(provider().name == "Hachi")
        // The call's arguments replace the ones it was made with.
        #expect(provider("Tom").name == "Tom")
        #expect(try provider.resolve(arguments: "Rex").name == "Rex")
        #expect(provider().name == "Hachi")
    }

    @Test func aProviderCallsAddressedArgumentsWinOverTheOnesItWasMadeWith() throws {
        let container = DIContainer()
        container.register(Handler.init)
        container.register(Endpoint.init)
        let provider = try container.resolve(Provider<Endpoint>.self, arguments: .for(Handler.self, 8))
        #expect(provider().handler.id == 8)
        #expect(try provider.resolve(arguments: DIArguments.for(Handler.self, 9)).handler.id == 9)
        #expect(provider().handler.id == 8)
    }

    @Test func wrappersDeeperInTheGraphKeepTheAddressedArguments() throws {
        let container = DIContainer()
        container.register(Handler.init)
        container.register(Endpoint.init)
        container.register(EndpointOwner.init)
        let owner = try container.resolve(EndpointOwner.self, arguments: .for(Handler.self, 5))
        #expect(try owner.endpoint.resolvedValue().handler.id == 5)
        #expect(try owner.endpoints.resolve().handler.id == 5)
    }

    @Test func theAwaitedReadsKeepTheArgumentsToo() async throws {
        let container = DIContainer()
        container.register(Dog.init)
        let lazy = try container.resolve(Lazy<Dog>.self, arguments: "Hachi")
        #expect(try await lazy.resolvedValue().name == "Hachi")
        let provider = try container.resolve(Provider<Dog>.self, arguments: "Hachi")
        #expect(try await provider.resolve().name == "Hachi")
    }

    @Test func aReadInsideAnotherResolveUsesItsOwnArgumentsNotThatResolves() throws {
        let container = DIContainer()
        container.register(Dog.init)
        let lazy = try container.resolve(Lazy<Dog>.self, arguments: "Hachi")
        let provider = try container.resolve(Provider<Dog>.self, arguments: "Hachi")
        container.register { (other: Dog) in
            Kennel(names: [other.name, lazy.value.name, provider().name])
        }
        let kennel = try container.resolve(Kennel.self, arguments: .for(Dog.self, "Rex"))
        #expect(kennel.names == ["Rex", "Hachi", "Hachi"])
    }
}
