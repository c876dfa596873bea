import DICore
import DILifetime
import DIScopes
import Synchronization
import TestSupport
import Testing

private final class API: Sendable { init() {} }

@MainActor private final class ProfileModel {
    let api: API
    var title = "profile"
    init(api: API) { self.api = api }
}

@globalActor private actor IndexActor {
    static let shared = IndexActor()
}

@IndexActor private final class Indexer {
    let api: API
    init(api: API) { self.api = api }
    var ready: Bool { true }
}

private final class Session: Sendable {
    let api: API
    init(api: API) async { self.api = api }
}

/// A synchronous component that needs an async one.
private final class Feed: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
}

/// Calls the synchronous API from wherever the caller runs (here: off the main actor).
private func synchronousResolveFailure<T>(of type: T.Type, in container: DIContainer) -> DIError.Code? {
    do {
        _ = try container.resolve(type)
        return nil
    } catch {
        return error.code
    }
}

/// Resolves `type` with the synchronous API, wherever the caller runs.
private func synchronousResolve<T>(_ type: T.Type, in container: DIContainer) throws -> T {
    try container.resolve(type)
}

/// Registers an API and an async `Session` factory that counts its runs in `made`.
private func registerCountedSession(in container: DIContainer, lifetime: DIComponentLifetime, made: Counter) {
    container.register(API.init)
    container.register { (api: API) async -> Session in
        made.increment()
        return await Session(api: api)
    }.lifetime(lifetime)
}

/// The distinct sessions `tasks` concurrent tasks resolve from `container`.
private func sessionsResolved(by tasks: Int, tasksFrom container: DIContainer) async throws -> Set<ObjectIdentifier> {
    try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<tasks {
            group.addTask { ObjectIdentifier(try await container.resolve(Session.self)) }
        }
        var identities = Set<ObjectIdentifier>()
        for try await identity in group { identities.insert(identity) }
        return identities
    }
}

@Suite struct MainActorComponentTests {
    @MainActor @Test func resolvesSynchronouslyOnTheMainActor() throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(ProfileModel.init)
        let model = try container.resolve(ProfileModel.self)
        #expect(model.title == "profile")
    }

    @Test func resolvesWithAwaitFromADetachedTask() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(ProfileModel.init).lifetime(.perContainer(.strong))
        let first = try await Task.detached { try await container.resolve(ProfileModel.self) }.value
        let second = try await container.resolve(ProfileModel.self)
        #expect(first === second)
        let title = await first.title
        #expect(title == "profile")
    }

    @IndexActor @Test func resolvesWithAwaitFromAnotherGlobalActor() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(ProfileModel.init)
        let model = try await container.resolve(ProfileModel.self)
        let title = await model.title
        #expect(title == "profile")
    }

    @Test func synchronousResolveOffTheMainActorIsAnErrorNotADeadlock() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(ProfileModel.init)
        let code = await Task.detached { synchronousResolveFailure(of: ProfileModel.self, in: container) }.value
        #expect(code == .requiresAsync)
    }
}

@Suite struct AsyncFactoryTests {
    @Test func anotherGlobalActorsTypeRegistersAsAnAsyncFactory() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register { (api: API) async in await Indexer(api: api) }
        let indexer = try await container.resolve(Indexer.self)
        #expect(await indexer.ready)
    }

    @Test func asyncInitializerWithSynchronousDependents() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(Session.init)
        container.register(Feed.init)
        let feed = try await container.resolve(Feed.self)
        #expect(feed.session.api !== API())
        let error = try #require(throws: DIError.self) { try container.resolve(Feed.self) }
        #expect(error.code == .requiresAsync)
        #expect(error.path.map { String(describing: $0.type) } == ["Feed"])
    }

    @Test(arguments: [
        DIComponentLifetime.prototype, .objectGraph, .perContainer(.strong), .perContainer(.weak), .perRun(.strong),
        .single,
    ])
    func everyLifetimeIsHonoured(lifetime: DIComponentLifetime) async throws {
        let container = DIContainer()
        let made = Counter()
        container.register(API.init)
        container.register { (api: API) async -> Session in
            made.increment()
            return await Session(api: api)
        }.lifetime(lifetime)
        container.register { (first: Session, second: Session) in [first, second] }
        let pair = try await container.resolve([Session].self)
        let again = try await container.resolve(Session.self)
        let isPrototype = lifetime.description == "prototype"
        let isObjectGraph = lifetime.description == "objectGraph"
        #expect((pair[0] === pair[1]) == !isPrototype)
        #expect((again === pair[0]) == !(isPrototype || isObjectGraph))
        withExtendedLifetime(pair) {}
    }

    /// A synchronous resolve takes the instance of an async `.perContainer(.strong)` component
    /// that an awaited resolve kept, as itself and as a dependency: a miss of a strong slot
    /// claims its build without reading the slot first, except for an async component, whose
    /// synchronous pass claims nothing (`ClearableSlot`'s `instance(of:in:)`).
    @Test func aSynchronousResolveTakesWhatAnAwaitedOneKept() async throws {
        let container = DIContainer()
        let made = Counter()
        registerCountedSession(in: container, lifetime: .perContainer(.strong), made: made)
        container.register(Feed.init)
        let session = try await container.resolve(Session.self)
        let feed = try synchronousResolve(Feed.self, in: container)
        let again = try synchronousResolve(Session.self, in: container)
        #expect(feed.session === session)
        #expect(again === session)
        #expect(made.count == 1)
    }

    @Test func concurrentTasksMakeAnUncreatedCachedComponentOnce() async throws {
        let container = DIContainer()
        let made = Counter()
        registerCountedSession(in: container, lifetime: .perContainer(.strong), made: made)
        let identities = try await sessionsResolved(by: 1_000, tasksFrom: container)
        #expect(identities.count == 1)
        #expect(made.count == 1)
    }

    @Test func asyncFactoryErrorsNameThePath() async throws {
        struct Offline: Error {}
        let container = DIContainer()
        container.register { () async throws -> Session in throw Offline() }
        container.register(Feed.init)
        do {
            _ = try await container.resolve(Feed.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .factoryFailed)
            #expect(error.underlyingError is Offline)
            #expect(error.path.map { String(describing: $0.type) } == ["Feed"])
        }
    }

    @Test func lazyAndProviderHaveAwaitedForms() async throws {
        final class Holder: Sendable {
            let lazy: Lazy<Session>
            let provider: Provider<Session>
            init(lazy: Lazy<Session>, provider: Provider<Session>) {
                self.lazy = lazy
                self.provider = provider
            }
        }
        let container = DIContainer()
        container.register(API.init)
        container.register(Session.init)
        container.register(Holder.init)
        let holder = try await container.resolve(Holder.self)
        let first = try await holder.lazy.resolvedValue()
        #expect(try await holder.lazy.resolvedValue() === first)
        let made = try await holder.provider.resolve()
        #expect(try await holder.provider.resolve() !== made)
    }
}

@Suite struct AsyncScopedTests {
    @Test func concurrentTasksMakeAScopedAsyncComponentOnce() async throws {
        let scope = DIScope(name: "async", storage: DICacheStorage())
        let container = DIContainer()
        let made = Counter()
        registerCountedSession(in: container, lifetime: .custom(scope), made: made)
        let identities = try await sessionsResolved(by: 200, tasksFrom: container)
        #expect(identities.count == 1)
        #expect(made.count == 1)
        _ = try await container.resolve(Session.self)
        #expect(made.count == 1)
    }
}

private final class GraphShared: Sendable { init() {} }
private final class AsyncHolder: Sendable {
    let shared: GraphShared
    init(shared: GraphShared) async { self.shared = shared }
}
private final class GraphRoot: Sendable {
    let holder: AsyncHolder
    let shared: GraphShared
    init(holder: AsyncHolder, shared: GraphShared) {
        self.holder = holder
        self.shared = shared
    }
}

@Suite struct AsyncObjectGraphTests {
    @Test func anObjectGraphInstanceIsSharedAcrossTheAwaitedParts() async throws {
        let container = DIContainer()
        container.register(GraphShared.init).lifetime(.objectGraph)
        container.register(AsyncHolder.init)
        container.register(GraphRoot.init)
        let root = try await container.resolve(GraphRoot.self)
        #expect(root.holder.shared === root.shared)
        let other = try await container.resolve(GraphRoot.self)
        #expect(other.shared !== root.shared)
    }
}
