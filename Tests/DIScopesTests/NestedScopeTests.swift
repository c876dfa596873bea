import DICore
import DIScopes
import TestSupport
import Testing

/// Registers one `Basket` component (one registration site) with `scope` in `container`.
private func registerBasket(into container: DIContainer, scope: DIScope, counter: Counter) {
    container.register { () -> Basket in
        counter.increment()
        return Basket()
    }
    .lifetime(.custom(scope))
}

@Suite struct NestedScopeTests {
    @Test func childScopeSeesItsParentsInstances() throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let screen = DIScope(name: "screen", storage: DICacheStorage(), parent: session)
        let counter = Counter()
        let sessionContainer = DIContainer()
        let screenContainer = DIContainer()
        registerBasket(into: sessionContainer, scope: session, counter: counter)
        registerBasket(into: screenContainer, scope: screen, counter: counter)
        let basket = try sessionContainer.resolve(Basket.self)
        #expect(try screenContainer.resolve(Basket.self) === basket)
        #expect(counter.count == 1)
    }

    @Test func instancesBuiltThroughTheChildAreKeptInTheChildAndCleanedWithTheParent() throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let screen = DIScope(name: "screen", storage: DICacheStorage(), parent: session)
        let container = DIContainer()
        container.register(Cart.init).lifetime(.custom(screen))
        let cart = try container.resolve(Cart.self)
        #expect(try container.resolve(Cart.self) === cart)
        session.clean()
        #expect(try container.resolve(Cart.self) !== cart)
    }

    @Test func cleaningTheChildLeavesTheParent() throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let screen = DIScope(name: "screen", storage: DICacheStorage(), parent: session)
        let counter = Counter()
        let sessionContainer = DIContainer()
        let screenContainer = DIContainer()
        registerBasket(into: sessionContainer, scope: session, counter: counter)
        registerBasket(into: screenContainer, scope: screen, counter: counter)
        let basket = try sessionContainer.resolve(Basket.self)
        screen.clean()
        #expect(try screenContainer.resolve(Basket.self) === basket)
        #expect(counter.count == 1)
    }

    @Test func aParentKeepsNoChildAlive() {
        let session = DIScope(name: "session", storage: DICacheStorage())
        weak var weakChild: DIScope?
        do {
            let child = DIScope(name: "screen", storage: DICacheStorage(), parent: session)
            weakChild = child
        }
        #expect(weakChild == nil)
        session.clean()
    }

    @Test func childScopesResolveWhileTheParentIsCleanedFromManyTasks() async throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let counter = Counter()
        let sessionContainer = DIContainer()
        registerBasket(into: sessionContainer, scope: session, counter: counter)
        let screens = (0..<4).map { _ in DIScope(name: "screen", storage: DICacheStorage(), parent: session) }
        let containers = screens.map { screen in
            let container = DIContainer()
            registerBasket(into: container, scope: screen, counter: counter)
            return container
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index.isMultiple(of: 8) {
                        session.clean()
                    } else {
                        _ = try? containers[index % containers.count].resolve(Basket.self)
                        _ = try? sessionContainer.resolve(Basket.self)
                    }
                }
            }
        }
        session.clean()
        let basket = try await sessionContainer.resolve(Basket.self)
        #expect(try await containers[0].resolve(Basket.self) === basket)
    }
}
