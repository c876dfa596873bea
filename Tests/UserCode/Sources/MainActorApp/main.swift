// An app's main-actor code: view models and coordinators isolated to the main actor, built by
// main-actor initializers, given collaborators by main-actor injections, resolved on the main
// actor and awaited from background tasks.
import DICore
import DILifetime

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("MainActorApp: \(message())", line: line) }
}

final class API: Sendable {
    let base = "https://example.org"
    init() {}
}

@MainActor protocol DialogPresenting: AnyObject, Sendable {
    func present(_ text: String) -> String
}

@MainActor final class AppDialogPresenter: DialogPresenting {
    init() {}
    func present(_ text: String) -> String { "dialog: \(text)" }
}

// A Swift 6 app's main-actor protocols, not Sendable: they stay on the main actor.
@MainActor protocol VibroService: AnyObject {
    func buzz() -> String
}
@MainActor protocol DialogService: AnyObject {
    func show(_ text: String) -> String
}
@MainActor final class AppVibroService: VibroService {
    init() {}
    func buzz() -> String { "buzz" }
}
@MainActor final class AppDialogService: DialogService {
    let vibro: any VibroService
    init(vibro: any VibroService) { self.vibro = vibro }
    func show(_ text: String) -> String { "\(text) \(vibro.buzz())" }
}

@MainActor final class ProfileModel {
    let api: API
    var dialogs: (any DialogPresenting)?
    var started = 0
    init(api: API) { self.api = api }
    func start() { started += 1 }
}

@MainActor final class Router {
    var coordinator: Coordinator?
    init() {}
}

@MainActor final class Coordinator {
    let router: Router
    init(router: Router) { self.router = router }
}

let container = DIContainer()
container.register(API.init).lifetime(.perContainer(.strong))
container.register { @MainActor () -> any DialogPresenting in AppDialogPresenter() }
container.register(ProfileModel.init)
    .injection { @MainActor (model: ProfileModel, dialogs: any DialogPresenting) in model.dialogs = dialogs }
    .postInit { @MainActor model in model.start() }
container.register(Router.init).lifetime(.objectGraph).injection(onMainActor: \.coordinator)
container.register(Coordinator.init)
container.register(onMainActor: { () -> any VibroService in AppVibroService() })
container.register(onMainActor: { (vibro: any VibroService) -> any DialogService in AppDialogService(vibro: vibro) })
    .lifetime(.perContainer(.strong))

@MainActor func onMain() async throws {
    try await Task.sleep(nanoseconds: 1)
    let model: ProfileModel = container.resolve()
    expect(model.started == 1, "postInit once, on the main actor")
    expect(model.dialogs?.present("hi") == "dialog: hi", "the main-actor injection")
    let router: Router = container.resolve()
    expect(router.coordinator?.router === router, "the main-actor cycle closed")
    let dialogs: any DialogService = container.resolve()
    expect(dialogs.show("saved") == "saved buzz", "a main-actor protocol built on the main actor")
    let awaited = try await container.resolve(ProfileModel.self)
    expect(awaited.started == 1, "awaited on the main actor: postInit once")
}

func offMain() async throws -> Int {
    try await Task.sleep(nanoseconds: 1)
    let model = try await container.resolve(ProfileModel.self)
    try await Task.sleep(nanoseconds: 1)
    let lazy = try await container.resolve(Lazy<ProfileModel>.self)
    let other = try await lazy.resolvedValue()
    return await model.started + other.started
}

func synchronousOffMain() -> DIError.Code? {
    do {
        _ = try container.resolve(ProfileModel.self, isolation: nil)
        return nil
    } catch {
        return error.code
    }
}

try await onMain()
let started = try await Task.detached { try await offMain() }.value
expect(started == 2, "each model's postInit ran once")
let code = await Task.detached { synchronousOffMain() }.value
expect(code == .requiresAsync, "a synchronous resolve off the main actor is requiresAsync")
print("MainActorApp: ok")
