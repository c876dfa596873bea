import DICore
import DILifetime
import DIScopes
import Testing

// Swinject's and DITranquillity's spellings are declared unavailable (Sources/DICore/Migration
// and DILifetime's DIComponentLifetime+Migration.swift). An unavailable declaration cannot be
// called, even in a test: the compiler rejects the call with its message, which is the point.
// What can break is the other way round: an unavailable overload that made one of this
// library's own spellings ambiguous or picked the wrong declaration. These tests call each
// spelling that sits beside an unavailable one, and check that it still does what it did.

private final class Owner { init() {} }
private final class Collar {
    var owner: Owner?
    init() {}
}
private final class Pet {
    let name: String
    init(name: String) { self.name = name }
}
private final class Walker {
    let collars: [Collar]
    init(collars: [Collar]) { self.collars = collars }
}

/// A function of the user's module named as one of the unavailable modifier functions: it
/// shadows the library's, so existing code that has its own `many` keeps compiling.
private func many<T>(_ value: T) -> [T] { [value] }

@Suite struct MigrationSpellingsTests {
    @Test func weakReferencePolicyIsNotTheUnavailableLifetime() throws {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.perContainer(.weak))
        container.register(Collar.init).lifetime(.perRun(.weak))
        let scope = DIScope(name: "weak", storage: DICacheStorage(), policy: .weak)
        container.register(Pet.init).lifetime(.custom(scope))
        let owner = try container.resolve(Owner.self)
        #expect(try container.resolve(Owner.self) === owner)
    }

    @Test func lifetimeAndPrototypeStillResolve() throws {
        let container = DIContainer()
        container.register(Owner.init).lifetime(.objectGraph)
        container.register(Collar.init).lifetime(.prototype)
        #expect(try container.resolve(Collar.self) !== container.resolve(Collar.self))
    }

    @Test func injectionFormsBesideTheCycleForms() throws {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(Collar.init).injection(\.owner)
        container.register { Collar() }.named("closure")
            .injection { (collar: Collar, owner: Owner) in collar.owner = owner }
            .postInit { collar in #expect(collar.owner != nil) }
        #expect(try container.resolve(Collar.self).owner != nil)
        #expect(try container.resolve(Collar.self, name: "closure").owner != nil)
    }

    @Test func registerFormsBesideTheSwinjectForm() throws {
        let container = DIContainer()
        container.register(Owner.init)
        container.register(Collar.self).injection(\.owner)  // made elsewhere
        container.register { (c: DIContainer) in Pet(name: c.isRegistered(Owner.self) ? "owned" : "stray") }
        let collar = Collar()
        try container.inject(into: collar)
        #expect(collar.owner != nil)
        #expect(try container.resolve(Pet.self).name == "owned")
    }

    @Test func resolveFormsBesideTheArgumentForm() throws {
        let container = DIContainer()
        container.register { (name: Argument<String>) in Pet(name: name.value) }
        #expect(try container.resolve(Pet.self, arguments: "Mimi").name == "Mimi")
        #expect(try container.resolve(Pet.self, arguments: .for(Pet.self, "Tom")).name == "Tom")
        let missing: Owner? = container.resolve()
        #expect(missing == nil)
    }

    @Test func aUserFunctionNamedManyShadowsTheLibrarys() throws {
        let container = DIContainer()
        container.register(Collar.init)
        container.register { (collar: Collar) in Walker(collars: many(collar)) }
        container.register { (collars: [Collar]) in Walker(collars: collars) }.named("all")
        #expect(try container.resolve(Walker.self).collars.count == 1)
        #expect(try container.resolve(Walker.self, name: "all").collars.count == 1)
    }
}
