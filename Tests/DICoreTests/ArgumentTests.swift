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

    @Test func onlyTheRequestedComponentTakesArguments() throws {
        let error = try #require(throws: DIError.self) { try container().resolve(Household.self, arguments: "Tom", 3) }
        #expect(error.code == .argumentMismatch)
        #expect(error.path.map { String(describing: $0.type) } == ["Household"])
    }

    @Test func validationDoesNotLookArgumentsUp() {
        let container = container()
        let findings = container.validate().findings.filter { $0.kind == .missingDependency }
        #expect(findings.isEmpty)
    }
}
