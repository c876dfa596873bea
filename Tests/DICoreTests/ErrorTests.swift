import DICore
import Testing

@Suite struct ErrorTests {
    @Test func missingRegistrationNamesTheTypeAndPath() throws {
        let container = DIContainer()
        container.register(Owner.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Owner.self) }
        #expect(error.code == .notRegistered)
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Cat.self))
        #expect(error.path.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Owner.self)])
        #expect(error.description.contains("Cat is not registered"))
        #expect(error.description.contains("Owner at DICoreTests/ErrorTests.swift:"))
    }

    @Test func ambiguityListsTheCandidates() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        container.register(Dog.init).as(Animal.self)
        let error = try #require(throws: DIError.self) { try container.resolve(Animal.self) }
        #expect(error.code == .ambiguous)
        #expect(error.candidates.count == 2)
        #expect(error.description.contains("Cat at"))
        #expect(error.description.contains("Dog at"))
        let optional: Animal? = container.resolve()
        #expect(optional == nil)
    }

    @Test func cycleWithoutBreakingPointIsAnErrorNotACrash() throws {
        let container = DIContainer()
        container.register(Ping.init)
        container.register(Pong.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Ping.self) }
        #expect(error.code == .cycle)
        let names = error.cycle.map { String(describing: $0.type) }
        #expect(names.first == names.last)
        #expect(Set(names) == ["Ping", "Pong"])
        #expect(error.description.contains("cycle"))
    }

    @Test func selfCycleIsDetected() throws {
        let container = DIContainer()
        container.register(Node.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Node.self) }
        #expect(error.code == .cycle)
    }

    @Test func wrongExposedTypeIsATypeMismatch() throws {
        let container = DIContainer()
        container.register(Bowl.init).as(Animal.self)
        let error = try #require(throws: DIError.self) { try container.resolve(Animal.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.description.contains("Bowl cannot be used as"))
    }

    @Test func taggedOnlyComponentsGiveAHint() throws {
        let container = DIContainer()
        container.register(Cat.init).tagged(Fluffy.self)
        let error = try #require(throws: DIError.self) { try container.resolve(Cat.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("name or tag"))
        #expect(try container.resolve(Cat.self, tag: Fluffy.self).sound == "meow")
        #expect(throws: DIError.self) { try container.resolve(Cat.self, tag: Grumpy.self) }
    }
}
