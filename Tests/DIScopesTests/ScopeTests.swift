import TestSupport
import Testing

@testable import DICore
@testable import DIScopes

@Suite struct ScopeTests {
    @Test func keepsOneInstanceUntilCleaned() throws {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)

        let first = try container.resolve(Session.self)
        let second = try container.resolve(Session.self)
        #expect(first === second)
        #expect(counter.count == 1)

        scope.clean()
        let third = try container.resolve(Session.self)
        #expect(third !== first)
        #expect(counter.count == 2)
    }

    @Test func cleanDropsTheLibrarysReference() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "session", storage: storage)
        let container = DIContainer()
        registerSession(in: container, scope: scope)
        weak var released: Session?
        do {
            let session = try container.resolve(Session.self)
            released = session
        }
        #expect(released != nil, "a strong scope keeps the instance")
        #expect(storage.count == 1)
        scope.clean()
        #expect(released == nil)
        #expect(storage.count == 0)
    }

    @Test func lifetimeIsNamedAfterTheScope() {
        let scope = DIScope(name: "checkout", storage: DICacheStorage(), policy: .weak)
        let lifetime = DIComponentLifetime.custom(scope)
        #expect(lifetime.description == "custom(checkout)")
        #expect(lifetime.rank == .scope)
        #expect(lifetime.strategy?.referencePolicy == .weak)
        #expect(DIComponentLifetime.custom(DIScope(name: "s", storage: DICacheStorage())).strategy?.referencePolicy == .strong)
        #expect(scope.name == "checkout")
        #expect(scope.policy == .weak)
    }

    @Test func sameSiteIsOneInstanceWhicheverContainerResolves() throws {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let counter = Counter()
        let first = DIContainer()
        let second = DIContainer()
        registerSession(in: first, scope: scope, counter: counter)
        registerSession(in: second, scope: scope, counter: counter)

        let fromFirst = try first.resolve(Session.self)
        let fromSecond = try second.resolve(Session.self)
        #expect(fromFirst === fromSecond)
        #expect(counter.count == 1)
    }

    @Test func differentSitesAreDifferentInstances() throws {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let first = DIContainer()
        let second = DIContainer()
        first.register(Session.init).lifetime(.custom(scope))
        second.register(Session.init).lifetime(.custom(scope))
        #expect(try first.resolve(Session.self) !== second.resolve(Session.self))
        #expect(try first.resolve(Session.self) === first.resolve(Session.self))
    }

    @Test func scopesAreIndependent() throws {
        let day = DIScope(name: "day", storage: DICacheStorage())
        let night = DIScope(name: "night", storage: DICacheStorage())
        let first = DIContainer()
        let second = DIContainer()
        registerSession(in: first, scope: day)
        registerSession(in: second, scope: night)
        let daySession = try first.resolve(Session.self)
        #expect(daySession !== (try second.resolve(Session.self)))
        night.clean()
        #expect(daySession === (try first.resolve(Session.self)))
    }

    @Test func scopedDependencyIsSharedByItsDependents() throws {
        let scope = DIScope(name: "order", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Cart.init).lifetime(.custom(scope))
        container.register(Checkout.init)
        let first = try container.resolve(Checkout.self)
        let second = try container.resolve(Checkout.self)
        #expect(first !== second)
        #expect(first.cart === second.cart)
    }

    @Test func strongScopeKeepsAValue() throws {
        let scope = DIScope(name: "settings", storage: DICacheStorage())
        let container = DIContainer()
        let counter = Counter()
        container.register { () -> Settings in
            counter.increment()
            return Settings()
        }
        .lifetime(.custom(scope))
        #expect(try container.resolve(Settings.self) == Settings())
        #expect(try container.resolve(Settings.self) == Settings())
        #expect(counter.count == 1)
    }

    @Test func failedBuildIsNotKept() throws {
        struct Offline: Error {}
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        let attempts = Counter()
        container.register { () throws -> Session in
            attempts.increment()
            if attempts.count == 1 { throw Offline() }
            return Session()
        }
        .lifetime(.custom(scope))
        let error = try #require(throws: DIError.self) { try container.resolve(Session.self) }
        #expect(error.code == .factoryFailed)
        let session = try container.resolve(Session.self)
        #expect(session === (try container.resolve(Session.self)))
        #expect(attempts.count == 2)
    }
}
