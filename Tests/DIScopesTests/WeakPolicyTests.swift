import DICore
import DIScopes
import TestSupport
import Testing

@Suite struct WeakPolicyTests {
    // Issue 25, point 11: a weak scope kept nothing of a protocol-typed component whose
    // instances are objects.
    @Test(arguments: [true, false])
    func weakScopeKeepsAProtocolTypedObject(userStorage: Bool) throws {
        let storage: any DIStorage = userStorage ? DictionaryStorage() : DICacheStorage()
        let scope = DIScope(name: "screen", storage: storage, policy: .weak)
        let container = DIContainer()
        let counter = Counter()
        container.register { () -> any Screen in
            counter.increment(); return ScreenObject()
        }
        .lifetime(.custom(scope))
        weak var released: ScreenObject?
        do {
            let screen = try container.resolve((any Screen).self)
            released = screen as? ScreenObject
            #expect(try container.resolve((any Screen).self) as? ScreenObject === released)
            #expect(counter.count == 1)
        }
        #expect(released == nil)
        _ = try container.resolve((any Screen).self)
        #expect(counter.count == 2)
    }

    @Test func weakScopeReleasesOnceTheApplicationDoes() throws {
        let scope = DIScope(name: "screen", storage: DICacheStorage(), policy: .weak)
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)

        weak var released: Session?
        var held: Session? = try container.resolve(Session.self)
        released = held
        #expect(try container.resolve(Session.self) === held, "shared while the application holds it")
        #expect(counter.count == 1)

        held = nil
        #expect(released == nil, "the scope does not keep it alive")
        let next = try container.resolve(Session.self)
        #expect(counter.count == 2)
        #expect(try container.resolve(Session.self) === next)
    }

    @Test func strongScopeKeepsWhatTheApplicationDrops() throws {
        let scope = DIScope(name: "screen", storage: DICacheStorage(), policy: .strong)
        let container = DIContainer()
        registerSession(in: container, scope: scope)
        weak var kept: Session?
        var held: Session? = try container.resolve(Session.self)
        kept = held
        held = nil
        #expect(kept != nil)
        #expect(try container.resolve(Session.self) === kept)
    }

    @Test func weakValueBehavesLikePrototype() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "screen", storage: storage, policy: .weak)
        let container = DIContainer()
        let counter = Counter()
        container.register { () -> Settings in
            counter.increment()
            return Settings()
        }
        .lifetime(.custom(scope))
        #expect(try container.resolve(Settings.self) == Settings())
        #expect(try container.resolve(Settings.self) == Settings())
        #expect(counter.count == 2)
        #expect(storage.count == 0)
    }

    @Test func weakScopeWorksWithAUserStorage() throws {
        let scope = DIScope(name: "screen", storage: DictionaryStorage(), policy: .weak)
        let container = DIContainer()
        registerSession(in: container, scope: scope)
        weak var released: Session?
        do {
            let session = try container.resolve(Session.self)
            released = session
            #expect(try container.resolve(Session.self) === session)
        }
        #expect(released == nil)
    }
}

private protocol Screen: Sendable {}
private final class ScreenObject: Screen {}
