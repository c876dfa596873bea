import DICore
import Testing

private final class Named {
    let name: String
    let age: Int
    let bowl: Bowl
    init(name: String, age: Int, bowl: Bowl) {
        self.name = name
        self.age = age
        self.bowl = bowl
    }
}

private final class Household {
    let pet: Named
    init(pet: Named) { self.pet = pet }
}

private final class Pair {
    let first: Named, second: Named
    init(first: Named, second: Named) { self.first = first; self.second = second }
}

private final class Kennel {
    let make: Provider<Named>
    init(make: Provider<Named>) { self.make = make }
}

private enum Stray {}

@Suite struct ArgumentTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(Bowl.init)
        container.register { (name: Argument<String>, age: Argument<Int>, bowl: Bowl) in
            Named(name: name.value, age: age.value, bowl: bowl)
        }
        container.register(Household.init)
        return container
    }

    @Test func argumentsFillArgumentParametersInOrder() throws {
        let pet = try container().resolve(Named.self, arguments: "Tom", 3)
        #expect(pet.name == "Tom")
        #expect(pet.age == 3)
    }

    @Test func wrongArgumentTypeIsAClearError() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Named.self, arguments: 3, "Tom") }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("argument 1 must be Swift.String, not Swift.Int"))
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Named.self))
    }

    @Test func missingArgumentIsAClearError() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Named.self, arguments: "Tom") }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("argument 2 (Swift.Int) is missing; 1 given"))
        let none = try #require(throws: DIError.self) { try container().resolve(Named.self) }
        #expect(none.code == .argumentMismatch)
    }

    @Test func onlyTheRequestedComponentTakesTheResolvesOwnArguments() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Household.self, arguments: "Tom", 3) }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("takes 0 Argument parameter(s)"), "\(error)")
    }

    @Test func aDependencyBelowTheTopWithoutAddressedArgumentsIsAClearError() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Household.self) }
        #expect(error.code == .argumentMismatch)
        #expect(error.path.map { String(describing: $0.type) } == ["Household"])
        #expect(error.description.contains(".for("), "\(error)")
    }

    @Test func validationDoesNotLookArgumentsUp() {
        let container = container()
        let findings = container.validate().findings.filter { $0.kind == .missingDependency }
        #expect(findings.isEmpty)
    }

    @Test func tooManyArgumentsIsAnError() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Named.self, arguments: "Tom", 3, 4) }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("3 argument(s) given"), "\(error)")
        let addressed = try #require(throws: DIError.self) {
            try container().resolve(Household.self, arguments: .for(Named.self, "Tom", 3, true))
        }
        #expect(addressed.code == .argumentMismatch)
    }

    @Test func argumentsAddressedByTypeReachADependencyDeeperInTheGraph() throws {
        let household = try container().resolve(Household.self, arguments: .for(Named.self, "Tom", 3))
        #expect(household.pet.name == "Tom")
        #expect(household.pet.age == 3)
    }

    @Test func everyBuildOfAnAddressedComponentTakesTheSameArguments() throws {
        let container = container()
        container.register(Pair.init)
        let pair = try container.resolve(Pair.self, arguments: DIArguments.for(Named.self, "Tom", 3))
        #expect(pair.first !== pair.second)
        #expect([pair.first.name, pair.second.name] == ["Tom", "Tom"])
        #expect([pair.first.age, pair.second.age] == [3, 3])
    }

    @Test func argumentsAddressedToAnUnregisteredTypeAreAnError() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Household.self, arguments: .for(Stray.self, 1)) }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("no component of that type"), "\(error)")
    }

    @Test func namedAndTaggedResolvesTakeArguments() throws {
        let container = DIContainer()
        container.register(Bowl.init)
        container.register { (name: Argument<String>, bowl: Bowl) in Named(name: name.value, age: 1, bowl: bowl) }
            .named("one")
        container.register { (name: Argument<String>, bowl: Bowl) in Named(name: name.value, age: 2, bowl: bowl) }
            .tagged(Fluffy.self)
        let one = try container.resolve(Named.self, name: "one", arguments: "Tom")
        #expect((one.name, one.age) == ("Tom", 1))
        let fluffy = try container.resolve(Named.self, tag: Fluffy.self, arguments: "Kit")
        #expect((fluffy.name, fluffy.age) == ("Kit", 2))
        let tooMany = try #require(throws: DIError.self) { try container.resolve(Named.self, name: "one", arguments: "Tom", 1) }
        #expect(tooMany.code == .argumentMismatch)
    }

    @Test func aProviderTakesArgumentsOnEachCall() throws {
        let container = container()
        container.register(Kennel.init)
        let kennel = try container.resolve(Kennel.self)
        let tom = kennel.make("Tom", 3)
        let kit = try kennel.make.resolve(arguments: "Kit", 1)
        #expect((tom.name, tom.age, kit.name, kit.age) == ("Tom", 3, "Kit", 1))
        let error = try #require(throws: DIError.self) { try kennel.make.resolve(arguments: "Kit", 1, 2) }
        #expect(error.code == .argumentMismatch)
    }

    @Test func awaitedResolvesTakeNamesTagsAndArguments() async throws {
        let container = DIContainer()
        container.register { (name: Argument<String>) async in Pet(name: name.value, age: 1) }
        container.register { (name: Argument<String>) in Pet(name: name.value, age: 2) }.named("two")
        container.register { (name: Argument<String>) in Pet(name: name.value, age: 3) }.tagged(Fluffy.self)
        container.register { (pet: Pet) in Litter(pet: pet) }
        let first = try await container.resolveAsync(Pet.self, arguments: "Tom")
        #expect(first == Pet(name: "Tom", age: 1))
        #expect(try await container.resolveAsync(Pet.self, name: "two", arguments: "Kit") == Pet(name: "Kit", age: 2))
        #expect(try await container.resolveAsync(Pet.self, tag: Fluffy.self, arguments: "Max") == Pet(name: "Max", age: 3))
        let deep = try await container.resolveAsync(Litter.self, arguments: .for(Pet.self, "Deep"))
        #expect(deep.pet == Pet(name: "Deep", age: 1))
        container.register { Pet(name: "big", age: 4) }.named("big")
        container.register { Pet(name: "grumpy", age: 5) }.tagged(Grumpy.self)
        #expect(try await container.resolveAsync(Pet.self, name: "big").age == 4)
        #expect(try await container.resolveAsync(Pet.self, tag: Grumpy.self).age == 5)
    }
}

private struct Pet: Sendable, Equatable {
    let name: String
    let age: Int
}

private struct Litter: Sendable {
    let pet: Pet
}
