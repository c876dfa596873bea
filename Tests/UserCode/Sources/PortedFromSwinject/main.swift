// A Swinject app moved over by the rules of the "Coming from Swinject" article: assemblies
// become parts, `.container` scope `.perContainer(.strong)`, `initCompleted` an injection, a
// child container per screen, and `@MainActor` services that are not Sendable
// `register(onMainActor:)`.
import DICore
import DIHierarchy
import DILifetime
import DIModules

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("PortedFromSwinject: \(message())", line: line) }
}

protocol SecuredStore: AnyObject, Sendable {}
final class KeychainStore: SecuredStore {
    init() {}
}
protocol AccountService: AnyObject, Sendable {
    var store: (any SecuredStore)? { get set }
}
final class AdamantAccountService: AccountService, @unchecked Sendable {
    // NB: @unchecked: set by the resolve's injection before the instance is handed out.
    var store: (any SecuredStore)?
    init() {}
}
protocol ChatsProvider: AnyObject, Sendable {
    var account: any AccountService { get }
}
final class AdamantChatsProvider: ChatsProvider {
    let account: any AccountService
    init(account: any AccountService) { self.account = account }
}
@MainActor protocol DialogService: AnyObject {
    func show(_ text: String) -> String
}
@MainActor final class AdamantDialogService: DialogService {
    init() {}
    func show(_ text: String) -> String { "dialog: \(text)" }
}
@MainActor final class ChatListViewModel {
    let chats: any ChatsProvider
    let dialogs: any DialogService
    init(chats: any ChatsProvider, dialogs: any DialogService) {
        self.chats = chats
        self.dialogs = dialogs
    }
}

// Swinject: `final class ServicesAssembly: Assembly { func assemble(container: Container) }`.
enum ServicesPart: DIPart {
    static func load(container: DIContainer) {
        // .inObjectScope(.container)
        container.register(KeychainStore.init).as((any SecuredStore).self).lifetime(.perContainer(.strong))
        // .initCompleted { r, c in c.store = r.resolve(SecuredStore.self) }
        container.register { () -> any AccountService in AdamantAccountService() }
            .lifetime(.perContainer(.strong))
            .injection(\.store)
        container.register(AdamantChatsProvider.init).as((any ChatsProvider).self).lifetime(.perContainer(.strong))
    }
}
enum ScreensPart: DIPart {
    static func load(container: DIContainer) {
        container.register(onMainActor: { () -> any DialogService in AdamantDialogService() })
            .lifetime(.perContainer(.strong))
        container.register(onMainActor: { (chats: any ChatsProvider, dialogs: any DialogService) in
            ChatListViewModel(chats: chats, dialogs: dialogs)
        })
    }
}

let app = DIContainer()
app.append(part: ServicesPart.self)
app.append(part: ScreensPart.self)
let report = app.validate()
expect(report.isValid, "the ported graph validates: \(report)")

@MainActor func openChatList() -> ChatListViewModel {
    // Swinject: a child container per screen, `Container(parent: app)`.
    let screen = DIContainer(parent: app)
    return screen.resolve()
}

func background() async throws -> any ChatsProvider {
    try await Task.sleep(nanoseconds: 1)
    return try await app.resolve((any ChatsProvider).self)
}

let model = openChatList()
expect(model.chats.account.store != nil, "initCompleted became an injection")
expect(model.dialogs.show("hi") == "dialog: hi", "a main-actor service that is not Sendable")
let chats = try await background()
expect(chats === model.chats, ".container scope became .perContainer(.strong)")
print("PortedFromSwinject: ok")
