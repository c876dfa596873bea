import DICore
import DIHierarchy
import DILifetime
import DIModules
import DIScopes
import Testing

// The README's section snippets, with the types they assume.

private final class Database { init() {} }
private final class Session: Sendable {
    init() {}
    static func open(_ api: API) async throws -> Session { Session() }
}
private final class Cache { init() {} }
private final class Screen { init() {} }
private final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}
private final class Child {
    var parent: Parent?
    init() {}
}
private final class ScreenModel { init() {} }
private final class API: Sendable { init() {} }
@MainActor private final class ProfileModel {
    init(api: API) {}
}
private protocol HTTPClient: AnyObject {}
private final class URLSessionClient: HTTPClient { init() {} }
private final class StubClient: HTTPClient { init() {} }
private final class Checkout {
    let client: HTTPClient
    init(client: HTTPClient) { self.client = client }
}

private final class NetworkFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(URLSessionClient.init).as(HTTPClient.self)
    }
}
private final class StubsFramework: DIFramework {
    static func load(container: DIContainer) {
        container.register(StubClient.init).as(HTTPClient.self)
    }
}
private final class PaymentsPart: DIPart {
    static func load(container: DIContainer) {
        container.register(Checkout.init)
    }
}
private final class PaymentsFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(NetworkFramework.self)
        container.append(part: PaymentsPart.self)
    }
}

@Suite struct ReadmeSectionsTests {
    @Test func lifetimes() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(Session.init).lifetime(.perRun(.weak))
        container.register(Cache.init).lifetime(.perContainer(.strong))
        container.register(Screen.init).lifetime(.objectGraph)
        #expect(container.initializeSingletonObjects().isEmpty)
        #expect(try container.resolve(Database.self) === container.resolve(Database.self))
        #expect(try container.resolve(Cache.self) === container.resolve(Cache.self))
        #expect(try container.resolve(Screen.self) !== container.resolve(Screen.self))
    }

    @Test func cycles() {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
        container.register(Child.init).injection(\.parent)
        let parent: Parent = container.resolve()
        #expect(parent.child.parent === parent)
    }

    @Test func scopesThatEndWithTheirOwner() throws {
        let container = DIContainer()
        var (screenLifetime, screenToken): (Lifetime, Lifetime.Token?) = Lifetime.make()
        let screenScope = DIScope(name: "screen", storage: DICacheStorage(), endingWith: screenLifetime)
        container.register(ScreenModel.init).lifetime(.custom(screenScope))
        weak let model = try container.resolve(ScreenModel.self)
        let kept = try container.resolve(ScreenModel.self)
        #expect(model === kept)
        withExtendedLifetime(screenToken) {}
        screenToken = nil
        #expect(screenLifetime.hasEnded)
        #expect(try container.resolve(ScreenModel.self) !== kept)
        screenLifetime = .empty
    }

    @Test func partsFrameworksAndHierarchies() throws {
        let container = DIContainer()
        container.append(framework: StubsFramework.self)
        container.append(framework: NetworkFramework.self)
        container.append(framework: PaymentsFramework.self)
        let screenContainer = DIContainer(parent: container)
        let checkout = try screenContainer.resolve(Checkout.self)
        #expect(checkout.client is URLSessionClient)
    }

    @Test func concurrency() async throws {
        let container = DIContainer()
        container.register(API.init)
        container.register(ProfileModel.init)
        container.register { (api: API) async throws in try await Session.open(api) }
        let model = try await container.resolve(ProfileModel.self)
        let session = try await container.resolveAsync(Session.self)
        withExtendedLifetime((model, session)) {}
    }

    @Test func validation() {
        let container = DIContainer()
        container.register(Parent.init)
        let report = container.validate()
        #expect(!report.isValid)
        #expect(report.errors.first?.kind == .missingDependency)
        #expect(container.graphvizDOT().contains("digraph"))
    }
}
