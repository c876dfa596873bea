import DICore
import Testing

@Suite struct InjectionTests {
    @Test func injectsAPropertyByKeyPath() throws {
        let container = DIContainer()
        container.register { "Tom" }
        container.register(Child.init).injection(\.name)
        #expect(try container.resolve(Child.self).name == "Tom")
    }

    @Test func optionalPropertyStaysNilWhenNotRegistered() throws {
        let container = DIContainer()
        container.register(Child.init).injection(\.name)
        #expect(try container.resolve(Child.self).name == nil)
    }

    @Test func closureInjectionResolvesItsParameters() throws {
        let container = DIContainer()
        container.register { "Tom" }
        container.register { 7 }
        container.register(Child.init).injection { (child: Child, name: String, age: Int) in
            child.name = "\(name) \(age)"
        }
        #expect(try container.resolve(Child.self).name == "Tom 7")
    }

    @Test func injectionFailureNamesThePath() throws {
        let container = DIContainer()
        container.register(Child.init).injection { (child: Child, bowl: Bowl) in _ = bowl }
        let error = try #require(throws: DIError.self) { try container.resolve(Child.self) }
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Bowl.self))
        #expect(error.path.last.map { ObjectIdentifier($0.type) } == ObjectIdentifier(Child.self))
    }
}
