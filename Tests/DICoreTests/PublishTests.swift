import DICore
import Testing

/// Bindings are published when first looked up; a later registration must never leave a
/// published binding stale.
@Suite struct PublishTests {
    @Test func registrationAfterAResolveIsSeen() throws {
        let container = DIContainer()
        container.register(Cat.init).as(Animal.self)
        #expect(try container.resolve(Animal.self).sound == "meow")
        container.register(Dog.init).as(Animal.self)
        // The published binding of Animal now has two candidates and no default.
        let error = try #require(throws: DIError.self) { try container.resolve(Animal.self) }
        #expect(error.code == .ambiguous)
        #expect(try container.resolveAll(Animal.self).count == 2)
    }

    /// A component with an injection gets its own candidate from the registry, one without it
    /// with its component: in one binding, each resolves as itself, by name, as the default and
    /// in `[T]`, in registration order.
    @Test func componentsWithAndWithoutInjectionsShareABinding() throws {
        let container = DIContainer()
        container.register { "Tom" }
        container.register(Child.init).named("plain")
        container.register(Child.init).lifetime(.prototype)
        container.register(Child.init).injection(\.name).default()
        container.register(Child.init).injection(\.name).named("injected")
        #expect(try container.resolve(Child.self).name == "Tom")
        #expect(try container.resolve(Child.self, name: "injected").name == "Tom")
        #expect(try container.resolve(Child.self, name: "plain").name == nil)
        #expect(try container.resolveAll(Child.self).map(\.name) == [nil, nil, "Tom", "Tom"])
    }

    /// A container's table keeps each published type's first binding (its slot), and the
    /// registry the binding that replaced it; all of them go with the container, through
    /// republishing and through the table's growth.
    @Test func bindingsGoWithTheirContainer() throws {
        weak var first: Token?
        weak var last: Token?
        do {
            let container = DIContainer()
            let tokens = [Token(), Token(), Token()]
            first = tokens[0]
            last = tokens[2]
            for (index, token) in tokens.enumerated() {
                container.register { token }.named("\(index)")
                #expect(try container.resolve(Token.self, name: "\(index)") === token)
            }
            registerManyTypes(in: container)
            #expect(try container.resolveAll(Token.self).map { ObjectIdentifier($0) } == tokens.map { ObjectIdentifier($0) })
        }
        #expect(first == nil)
        #expect(last == nil)
    }

    @Test func reRegisteringASiteAfterAResolveAddsAComponent() throws {
        let container = DIContainer()
        var counts: [Int] = []
        for sound in ["first", "second"] {
            container.register { sound }
            counts.append(try container.resolveAll(String.self).count)
        }
        #expect(counts == [1, 2])
    }

    @Test func typesNeverLookedUpStayUnpublishedUntilAsked() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Dog.init)
        container.register(Bowl.init)
        #expect(try container.resolve(Bowl.self) !== container.resolve(Bowl.self))
        // A type that is not registered at all publishes the rest and is still not found.
        let missing: Point? = container.resolve()
        #expect(missing == nil)
        #expect(try container.resolve(Cat.self).sound == "meow")
        #expect(try container.resolve(Dog.self).sound == "woof")
    }

    /// A type one unqualified component answers is resolved through that component alone (no
    /// binding); registered again once resolved, with a name, as the override or as another
    /// exposure, every lookup sees every component, also once the table has grown.
    @Test(arguments: [false, true])
    func aTypeResolvedAloneThenRegisteredAgainSeesEveryComponent(afterGrowth: Bool) throws {
        let container = DIContainer()
        let first = Token()
        let second = Token()
        let named = Token()
        container.register { first }
        container.register(Cat.init).as(Animal.self)
        #expect(try container.resolve(Token.self) === first)
        #expect(try container.resolve(Animal.self).sound == "meow")
        if afterGrowth { registerManyTypes(in: container) }

        container.register { named }.named("named")
        #expect(try container.resolve(Token.self) === first)
        #expect(try container.resolve(Token.self, name: "named") === named)
        container.register { second }.override()
        #expect(try container.resolve(Token.self) === second)
        #expect(try container.resolveAll(Token.self).map { ObjectIdentifier($0) } == [first, named, second].map { ObjectIdentifier($0) })

        container.register(Dog.init).as(Animal.self).default()
        #expect(try container.resolve(Animal.self).sound == "woof")
        #expect(try container.resolveAll(Animal.self).map(\.sound) == ["meow", "woof"])
        #expect(container.validate().isValid)
    }

    /// A type registered once with a name has no unnamed component: an unnamed request fails
    /// and says so, a named one finds it.
    @Test func aTypeRegisteredOnceWithANameIsFoundByItsNameOnly() throws {
        let container = DIContainer()
        let token = Token()
        container.register { token }.named("only")
        let error = try #require(throws: DIError.self) { try container.resolve(Token.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("have another name or tag"))
        #expect(try container.resolve(Token.self, name: "only") === token)
        #expect(try container.resolveAll(Token.self).count == 1)
    }

    @Test func validationSeesUnpublishedRegistrations() {
        let container = DIContainer()
        container.register(Owner.init)
        #expect(container.validate().errors.map(\.kind) == [.missingDependency])
        container.register(Cat.init)
        #expect(container.validate().isValid)
    }
}

private final class Token: Sendable {}
