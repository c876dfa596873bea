import DICore
import DILifetime
import Testing

// Main-actor property injection and postInit (issue 28.1), and the Concurrency article's
// main-actor snippets.

@MainActor private final class Coordinator {
    let router: Router
    var started = false
    var sawCycleClosed = false
    init(router: Router) { self.router = router }
    func start() {
        started = true
        sawCycleClosed = router.coordinator === self
    }
}

@MainActor private final class Router {
    weak var coordinator: Coordinator?
    init() {}
}

@MainActor private final class Screen {
    var coordinator: Coordinator?
    init() {}
}

private final class Clock: Sendable { init() {} }

/// A class made Sendable by hand, with a nonisolated property: its key path is Sendable.
// NB: @unchecked Sendable: the tests set its property once, in the resolve, before reading it.
private final class LegacyScreen: @unchecked Sendable {
    var clock: Clock?
    init() {}
}

private struct StartFailed: Error {}

/// The cycle Coordinator -> Router -> Coordinator, closed by a main-actor injection.
private func registerCoordinatorCycle(in container: DIContainer, lifetime: DIComponentLifetime = .objectGraph) {
    container.register(Coordinator.init).lifetime(lifetime)
        .postInit { @MainActor coordinator in coordinator.start() }
    container.register(Router.init)
        .injection { @MainActor (router: Router, coordinator: Coordinator) -> Void in router.coordinator = coordinator }
}

/// Calls the synchronous API from wherever the caller runs (here: off the main actor).
private func synchronousFailure<T>(of type: T.Type, in container: DIContainer) -> DIError.Code? {
    do {
        _ = try container.resolve(type)
        return nil
    } catch {
        return error.code
    }
}

@Suite struct MainActorInjectionTests {
    @MainActor @Test func closesACycleInASynchronousResolveOnTheMainActor() throws {
        let container = DIContainer()
        registerCoordinatorCycle(in: container)
        let coordinator = try container.resolve(Coordinator.self)
        #expect(coordinator.router.coordinator === coordinator)
        #expect(coordinator.started && coordinator.sawCycleClosed)
    }

    @Test(arguments: [DIComponentLifetime.objectGraph, .perContainer(.strong)])
    func closesACycleInAnAwaitedResolveFromADetachedTask(lifetime: DIComponentLifetime) async throws {
        let container = DIContainer()
        registerCoordinatorCycle(in: container, lifetime: lifetime)
        let coordinator = try await Task.detached { try await container.resolve(Coordinator.self) }.value
        let (closed, started, sawCycleClosed) = await MainActor.run {
            (coordinator.router.coordinator === coordinator, coordinator.started, coordinator.sawCycleClosed)
        }
        #expect(closed && started && sawCycleClosed)
    }

    @MainActor @Test func injectsThroughAKeyPathToAMainActorProperty() throws {
        let container = DIContainer()
        container.register(Coordinator.init).lifetime(.perContainer(.strong))
        container.register(Router.init)
        container.register(Screen.init).injection(onMainActor: \.coordinator)
        let screen = try container.resolve(Screen.self)
        #expect(screen.coordinator === (try container.resolve(Coordinator.self)))
    }

    @Test func keyPathInjectionAwaitedFromADetachedTask() async throws {
        let container = await MainActor.run { () -> DIContainer in
            let container = DIContainer()
            container.register(Coordinator.init)
            container.register(Router.init)
            container.register(Screen.init).injection(onMainActor: \.coordinator)
            return container
        }
        let screen = try await Task.detached { try await container.resolve(Screen.self) }.value
        let injected = await MainActor.run { screen.coordinator != nil }
        #expect(injected)
    }

    @MainActor @Test func aKeyPathToANonisolatedPropertyOnTheMainActorStaysNonisolated() async throws {
        let container = DIContainer()
        container.register(Clock.init)
        container.register(LegacyScreen.init).injection(\.clock)
        let screen = try await Task.detached { try container.resolve(LegacyScreen.self) }.value
        #expect(screen.clock != nil)
    }

    @MainActor @Test func aClosureWithoutMainActorOnTheMainActorStaysNonisolated() async throws {
        let container = DIContainer()
        container.register(Clock.init)
        container.register(LegacyScreen.init)
            .injection { (screen: LegacyScreen, clock: Clock) in screen.clock = clock }
            .postInit { screen in precondition(screen.clock != nil) }
        let screen = try await Task.detached { try container.resolve(LegacyScreen.self) }.value
        #expect(screen.clock != nil)
    }

    @Test func aThrowingMainActorPostInitFailsTheResolve() async throws {
        let container = DIContainer()
        container.register(Router.init).postInit { @MainActor _ in throw StartFailed() }
        let error = try await #require(throws: DIError.self) {
            _ = try await Task.detached { try await container.resolve(Router.self) }.value
        }
        #expect(error.code == .factoryFailed)
    }

    @Test func aSynchronousResolveOffTheMainActorIsAnError() async throws {
        let container = DIContainer()
        container.register(Clock.init).postInit { @MainActor _ in }
        let code = await Task.detached { synchronousFailure(of: Clock.self, in: container) }.value
        #expect(code == .requiresAsync)
        let clock = try await Task.detached { try await container.resolve(Clock.self) }.value
        _ = clock
    }
}

// The Concurrency article: a main-actor initializer takes main-actor (so Sendable) dependencies.

@MainActor private final class AppCoordinator { init() {} }
@MainActor private final class ProfileViewModel {
    let coordinator: AppCoordinator
    init(coordinator: AppCoordinator) { self.coordinator = coordinator }
}

@MainActor private final class ArticleRouter {
    var coordinator: AppCoordinator?
    var started = false
    init() {}
    func start() { started = coordinator != nil }
}

@Suite struct ConcurrencyArticleTests {
    @MainActor @Test func aMainActorComponentTakesMainActorInjections() throws {
        let container = DIContainer()
        container.register(AppCoordinator.init)
        container.register(ArticleRouter.init)
            .injection { @MainActor (router: ArticleRouter, coordinator: AppCoordinator) in router.coordinator = coordinator }
            .postInit { @MainActor router in router.start() }
        #expect(try container.resolve(ArticleRouter.self).started)
    }

    @MainActor @Test func aMainActorInitializerTakesAMainActorDependency() throws {
        let container = DIContainer()
        container.register(AppCoordinator.init).lifetime(.perContainer(.strong))
        container.register(ProfileViewModel.init)
        let model = try container.resolve(ProfileViewModel.self)
        #expect(model.coordinator === (try container.resolve(AppCoordinator.self)))
    }
}
