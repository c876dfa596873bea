import DICore
import DIHierarchy
import DILifetime
import Testing

/// How a lookup walks up the chain of parents.
@Suite struct LookupTests {
    @Test func nearestContainerWithTheTypeAnswers() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        let child = DIContainer(parent: parent)
        let grandchild = DIContainer(parent: child)
        #expect(try grandchild.resolve(Config.self).name == "parent")
        child.register { Config(name: "child") }
        #expect(try grandchild.resolve(Config.self).name == "child")
        #expect(try parent.resolve(Config.self).name == "parent")
    }

    @Test func namedLookupFallsThroughToTheParent() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent main") }.named("main")
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child other") }.named("other")
        #expect(try child.resolve(Config.self, name: "main").name == "parent main")
        #expect(try child.resolve(Config.self, name: "other").name == "child other")
        #expect(throws: DIError.self) { try parent.resolve(Config.self, name: "other") }
        child.register { Config(name: "child main") }.named("main")
        #expect(try child.resolve(Config.self, name: "main").name == "child main")
    }

    @Test func taggedLookupFallsThroughToTheParent() throws {
        let parent = DIContainer()
        parent.register { Config(name: "primary") }.tagged(Primary.self)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "plain") }
        child.register { (config: Tagged<Primary, Config>) in Service(config: config.value) }
        #expect(try child.resolve(Config.self, tag: Primary.self).name == "primary")
        #expect(try child.resolve(Service.self).config.name == "primary")
        #expect(try child.resolve(Config.self).name == "plain")
    }

    @Test func unqualifiedLookupSkipsAChildThatHasOnlyNamedComponents() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child named") }.named("special")
        #expect(try child.resolve(Config.self).name == "parent")
    }

    @Test func unqualifiedLookupInTheParentTakesItsDefaultAmongSeveral() throws {
        let parent = DIContainer()
        parent.register { Config(name: "first") }
        parent.register { Config(name: "default") }.default()
        parent.register { Config(name: "named") }.named("special")
        let child = DIContainer(parent: parent)
        child.register(Service.init)
        #expect(try child.resolve(Config.self).name == "default")
        #expect(try child.resolve(Service.self).config.name == "default")
        #expect(try child.resolve(Config.self, name: "special").name == "named")
    }

    @Test func ambiguityInTheParentIsAnErrorThroughTheChild() throws {
        let parent = DIContainer()
        parent.register { Config(name: "first") }
        parent.register { Config(name: "second") }
        let child = DIContainer(parent: parent)
        child.register(Service.init)
        let error = try #require(throws: DIError.self) { try child.resolve(Service.self) }
        #expect(error.code == .ambiguous)
    }

    @Test func ambiguityInTheChildIsNotSettledByTheParent() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        let child = DIContainer(parent: parent)
        child.register { Config(name: "first") }
        child.register { Config(name: "second") }
        let error = try #require(throws: DIError.self) { try child.resolve(Config.self) }
        #expect(error.code == .ambiguous)
    }

    @Test func notRegisteredAnywhereNamesTheTypeAndPath() throws {
        let parent = DIContainer()
        parent.register(Service.init)
        let child = DIContainer(parent: parent)
        let error = try #require(throws: DIError.self) { try child.resolve(Service.self) }
        #expect(error.code == .notRegistered)
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Config.self))
        #expect(error.path.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Service.self)])
    }

    @Test func optionalLazyAndProviderResolveThroughTheChild() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register { (config: Lazy<Config>, provider: Provider<Config>, missing: A?) in
            Screen(service: Service(config: provider()), config: missing == nil ? config.value : Config(name: "wrong"))
        }
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        let screen = try child.resolve(Screen.self)
        #expect(screen.config.name == "child")
        #expect(screen.service.config.name == "child")
    }

    @Test func perRunIsSharedByParentAndChildForTheSameSite() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        registerPerRunBowl(in: parent)
        registerPerRunBowl(in: child)
        let unrelated = DIContainer()
        registerPerRunBowl(in: unrelated)
        let bowl = try parent.resolve(Bowl.self)
        #expect(try child.resolve(Bowl.self) === bowl)
        #expect(try unrelated.resolve(Bowl.self) === bowl)
    }

    @Test func perRunAtAnotherSiteIsAnotherInstance() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register(Bowl.init).lifetime(.perRun(.strong))
        child.register(Bowl.init).lifetime(.perRun(.strong))
        #expect(try child.resolve(Bowl.self) !== parent.resolve(Bowl.self))
    }
}
