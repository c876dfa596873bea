import DICore
import Testing

@Suite struct RegisterTests {
    @Test func resolvesAnInitializerWithoutParameters() {
        let container = DIContainer()
        container.register(Cat.init)
        let cat: Cat? = container.resolve()
        #expect(cat != nil)
    }

    @Test func resolvesNilWhenNothingIsRegistered() {
        let container = DIContainer()
        let cat: Cat? = container.resolve()
        #expect(cat == nil)
    }

    @Test func resolvesParametersOfAnyArity() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Dog.init)
        container.register(Bowl.init)
        container.register { Point(x: 1, y: 2) }
        container.register(Four.init)
        let four = try container.resolve(Four.self)
        #expect(four.d == Point(x: 1, y: 2))
        #expect(four.b.sound == "woof")
    }

    @Test func closuresRegisterLikeInitializers() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register { (cat: Cat) in Owner(cat: cat, bowl: nil) }
        let owner = try container.resolve(Owner.self)
        #expect(owner.cat.sound == "meow")
    }

    @Test func optionalParameterIsNilWhenNotRegistered() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Owner.init)
        #expect(try container.resolve(Owner.self).bowl == nil)
        container.register(Bowl.init)
        #expect(try container.resolve(Owner.self).bowl != nil)
    }

    @Test func prototypeIsTheDefaultLifetime() throws {
        let container = DIContainer()
        container.register(Cat.init)
        #expect(try container.resolve(Cat.self) !== container.resolve(Cat.self))
        container.register(Bowl.init).lifetime(.prototype)
        #expect(try container.resolve(Bowl.self) !== container.resolve(Bowl.self))
        #expect(DIComponentLifetime.prototype.description == "prototype")
    }

    @Test func prototypeIsNewWithinOneResolve() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register { (a: Cat, b: Cat) in [a, b] }
        let pair = try container.resolve([Cat].self)
        #expect(pair.count == 2)
        #expect(pair[0] !== pair[1])
    }

    @Test func sameSiteInOneContainerAddsAComponentPerCall() throws {
        let container = DIContainer()
        for sound in ["one", "two"] {
            container.register { sound }
        }
        #expect(try container.resolveAll(String.self) == ["one", "two"])
        let error = try #require(throws: DIError.self) { try container.resolve(String.self) }
        #expect(error.code == .ambiguous)
        // Each candidate says which registration of its line it is.
        #expect(error.candidates.map(\.ordinal) == [0, 1])
        #expect(error.description.contains(" #2"))
    }

    @Test func aLoopOfHundredsKeepsEveryComponentInOrder() throws {
        // Enough registrations of one type from one site, and of one type in one container,
        // to grow the registry's and the process's tables several times.
        let container = DIContainer()
        for index in 0..<600 {
            container.register { index }
        }
        #expect(try container.resolveAll(Int.self) == Array(0..<600))
        let error = try #require(throws: DIError.self) { try container.resolve(Int.self) }
        #expect(error.candidates.map(\.ordinal) == Array(0..<600))
    }

    @Test func copiesOfABuilderRegisterOnceWhenTheLastGoes() throws {
        let container = DIContainer()
        var first: DIComponentBuilder<Dog>? = container.register(Dog.init)
        var second = first
        first?.named("rex")
        first = nil
        #expect(throws: DIError.self) { try container.resolve(Dog.self, name: "rex") }
        second?.lifetime(.prototype)
        second = nil
        #expect(try container.resolve(Dog.self, name: "rex").sound == "woof")
        #expect(try container.resolveAll(Dog.self).count == 1)
        _ = (first, second)
    }

    /// The builder's methods hand the builder on (they consume it), yet a builder kept in a
    /// `let` still takes several calls in turn: each call gets a copy, and every copy edits
    /// the one registration.
    @Test func aBuilderInALetTakesSeveralCallsInTurn() throws {
        let container = DIContainer()
        do {
            let builder = container.register(Dog.init)
            builder.named("rex")
            builder.tagged(Dog.self)
        }
        #expect(try container.resolve(Dog.self, name: "rex").sound == "woof")
        #expect(try container.resolve(Dog.self, tag: Dog.self).sound == "woof")
        #expect(try container.resolveAll(Dog.self).count == 1)
    }

    @Test func validationSeesEveryComponentALoopAdds() {
        let container = DIContainer()
        for sound in ["one", "two"] {
            container.register { sound }
        }
        container.register { (sound: String) in Cat() }
        let report = container.validate()
        #expect(report.errors.count == 1)
        #expect(report.description.contains(" #2"))
    }

    @Test func exposesAComponentAsAProtocol() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        let animal = try container.resolve(Animal.self)
        #expect(animal.sound == "meow")
        #expect(try container.resolve(Cat.self).sound == "meow")
    }

    @Test func defaultSettlesSeveralComponents() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        container.register(Dog.init).as(Animal.self).default()
        #expect(try container.resolve(Animal.self).sound == "woof")
    }

    @Test func namesAndTagsTellComponentsApart() throws {
        let container = DIContainer()
        container.register { "plain" }
        container.register { "named" }.named("n")
        container.register { "fluffy" }.tagged(Fluffy.self)
        container.register { (value: Tagged<Fluffy, String>) in value.value.count }
        #expect(try container.resolve(String.self) == "plain")
        #expect(try container.resolve(String.self, name: "n") == "named")
        #expect(try container.resolve(String.self, tag: Fluffy.self) == "fluffy")
        #expect(try container.resolve(Int.self) == 6)
        let maybe: String? = container.resolve(name: "missing")
        #expect(maybe == nil)
    }

    @Test func resolvesEveryComponentOfAType() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        container.register(Dog.init).as(Animal.self)
        let animals = try container.resolveAll(Animal.self)
        #expect(animals.map(\.sound) == ["meow", "woof"])
        let viaOptional: [Animal]? = container.resolve()
        #expect(viaOptional?.count == 2)
        container.register { (all: [Animal]) in all.count }
        #expect(try container.resolve(Int.self) == 2)
    }

    @Test func factoriesMayThrow() {
        let container = DIContainer()
        container.register { () throws -> Cat in throw Broken() }
        #expect {
            try container.resolve(Cat.self)
        } throws: { error in
            guard let error = error as? DIError else { return false }
            return error.code == .factoryFailed && error.underlyingError is Broken
        }
    }

    @Test func factoryMayResolveFromTheSameContainer() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register { () -> Owner in
            let cat: Cat = container.resolve()
            return Owner(cat: cat, bowl: nil)
        }
        #expect(try container.resolve(Owner.self).cat.sound == "meow")
    }
}
