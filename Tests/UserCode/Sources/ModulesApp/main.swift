// An app split into parts and frameworks, with a child container per screen and a scope that
// ends with its owner.
import DICore
import DIHierarchy
import DILifetime
import DIModules
import DIScopes

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("ModulesApp: \(message())", line: line) }
}

protocol SecureStorage: AnyObject, Sendable {}
final class Keychain: SecureStorage {
    init() {}
}
final class HTTPClient: Sendable {
    let storage: any SecureStorage
    init(storage: any SecureStorage) { self.storage = storage }
}
final class PaymentsService: Sendable {
    let client: HTTPClient
    init(client: HTTPClient) { self.client = client }
}
final class Screen: Sendable {
    let payments: PaymentsService
    let title: String
    init(payments: PaymentsService, title: String) {
        self.payments = payments
        self.title = title
    }
}

enum StoragePart: DIPart {
    static func load(container: DIContainer) {
        container.register(Keychain.init).as((any SecureStorage).self).lifetime(.single)
    }
}
enum NetworkFramework: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: StoragePart.self)
        container.register(HTTPClient.init).lifetime(.single)
    }
}
enum PaymentsFramework: DIFramework {
    static func load(container: DIContainer) {
        container.import(NetworkFramework.self)
        container.register(PaymentsService.init).lifetime(.perContainer(.weak))
    }
}

let app = DIContainer()
app.append(framework: NetworkFramework.self)
app.append(framework: PaymentsFramework.self)
app.initializeSingletonObjects()

func openScreen(_ title: String) throws -> Screen {
    let screen = DIContainer(parent: app)
    screen.register { title }
    screen.register(Screen.init)
    return try screen.resolve(Screen.self)
}

func openScreenAwaited(_ title: String) async throws -> Screen {
    let screen = DIContainer(parent: app)
    screen.register { title }
    screen.register(Screen.init)
    try await Task.sleep(nanoseconds: 1)
    return try await screen.resolve(Screen.self)
}

let home = try openScreen("home")
let settings = try await openScreenAwaited("settings")
expect(home.title == "home" && settings.title == "settings", "each screen's own title")
expect(home.payments.client === settings.payments.client, "one .single client")
let report = app.validate()
expect(report.isValid, "the app validates: \(report)")

let (screenLifetime, screenToken) = Lifetime.make()
let scope = DIScope(name: "screen", storage: DICacheStorage(), endingWith: screenLifetime)
let scoped = DIContainer(parent: app)
scoped.register { "scoped" }
scoped.register(Screen.init).lifetime(.custom(scope))
let kept = try scoped.resolve(Screen.self)
expect(try scoped.resolve(Screen.self) === kept, "the scope keeps its instance")
withExtendedLifetime(screenToken) {}
print("ModulesApp: ok")
