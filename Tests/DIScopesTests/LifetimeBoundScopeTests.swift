import DICore
import DIScopes
import TestSupport
import Testing

@Suite struct LifetimeBoundScopeTests {
    @Test func scopeEndingWithALifetimeIsCleanedWhenTheTokenGoes() throws {
        var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
        let storage = DICacheStorage()
        let scope = DIScope(name: "screen", storage: storage, endingWith: lifetime)
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)

        weak var released: Session?
        do {
            let session = try container.resolve(Session.self)
            released = session
            #expect(try container.resolve(Session.self) === session)
        }
        #expect(released != nil, "kept while the screen lives")
        #expect(!scope.hasEnded)

        token = nil
        #expect(lifetime.hasEnded)
        #expect(scope.hasEnded)
        #expect(released == nil, "released with the screen")
        #expect(storage.count == 0)
        _ = token
    }

    @Test func endedScopeKeepsNothing() throws {
        let scope = DIScope(name: "request", storage: DICacheStorage(), endingWith: .empty)
        #expect(scope.hasEnded)
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)
        weak var released: Session?
        do {
            let first = try container.resolve(Session.self)
            released = first
            #expect(try container.resolve(Session.self) !== first)
        }
        #expect(released == nil)
        #expect(counter.count == 2)
    }

    @Test func boundScopeIsCleanedAtEachEndAndStaysInUse() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "user session", storage: storage)
        let container = DIContainer()
        registerSession(in: container, scope: scope)

        var (firstLifetime, firstToken): (Lifetime, Lifetime.Token?) = Lifetime.make()
        scope.bind(to: firstLifetime)
        let first = try container.resolve(Session.self)
        firstToken = nil
        #expect(firstLifetime.hasEnded)
        #expect(storage.count == 0)
        #expect(!scope.hasEnded)

        var (secondLifetime, secondToken): (Lifetime, Lifetime.Token?) = Lifetime.make()
        scope.bind(to: secondLifetime)
        let second = try container.resolve(Session.self)
        #expect(second !== first)
        #expect(try container.resolve(Session.self) === second, "the scope caches again")
        secondToken = nil
        #expect(secondLifetime.hasEnded)
        #expect(storage.count == 0)
        _ = (firstToken, secondToken)
    }

    @Test func bindingToAnEndedLifetimeCleansAtOnce() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "late", storage: storage)
        let container = DIContainer()
        registerSession(in: container, scope: scope)
        _ = try container.resolve(Session.self)
        #expect(storage.count == 1)
        scope.bind(to: .empty)
        #expect(storage.count == 0)
    }

    @Test func scopePerContainerEndsWithTheContainer() throws {
        let storage = DICacheStorage()
        weak var released: Session?
        do {
            let container = DIContainer()
            let scope = DIScope(name: "container", storage: storage, endingWith: container.lifetime)
            registerSession(in: container, scope: scope)
            let session = try container.resolve(Session.self)
            released = session
        }
        #expect(released == nil)
        #expect(storage.count == 0)
    }

    @Test func scopeDoesNotKeepItselfAliveThroughItsLifetime() {
        let (lifetime, token) = Lifetime.make()
        weak var released: DIScope?
        do {
            let scope = DIScope(name: "short", storage: DICacheStorage(), endingWith: lifetime)
            scope.bind(to: lifetime)
            released = scope
        }
        #expect(released == nil)
        withExtendedLifetime(token) {}
    }
}
