import DICore
import DILifetime
import Dispatch
import Testing

// An app's main-actor protocols, as Swift 6 iOS code declares them: not `Sendable`.
@MainActor private protocol VibroService: AnyObject {
    func buzz() -> String
}
@MainActor private protocol DialogService: AnyObject {
    var vibro: (any VibroService)? { get set }
    func show(_ text: String) -> String
}
@MainActor private final class AppVibroService: VibroService {
    init() {}
    func buzz() -> String { "buzz" }
}
@MainActor private final class AppDialogService: DialogService {
    var vibro: (any VibroService)?
    var shown = 0
    init(vibro: (any VibroService)?) { self.vibro = vibro }
    func show(_ text: String) -> String {
        shown += 1
        return "\(text) \(vibro?.buzz() ?? "-")"
    }
}

/// A main-actor factory whose instances or parameters are not `Sendable`
/// (`register(onMainActor:)`): built and handed out only where the resolve runs on the main
/// actor, its dependencies resolved there; a request from elsewhere is `.requiresMainActor`.
@Suite struct MainActorBoundTests {
    private static func container() -> DIContainer {
        let container = DIContainer()
        container.register(onMainActor: { () -> any VibroService in AppVibroService() })
        container.register(onMainActor: { (vibro: any VibroService) -> any DialogService in
            AppDialogService(vibro: vibro)
        }).lifetime(.perContainer(.strong))
        return container
    }

    @MainActor @Test func aSynchronousResolveOnTheMainActorBuildsItWithItsDependencies() throws {
        let container = Self.container()
        let dialogs: any DialogService = container.resolve()
        #expect(dialogs.show("hi") == "hi buzz")
        let again: any DialogService = container.resolve()
        #expect(again === dialogs)
    }

    /// An awaited resolve hands what it builds across actors: even on the main actor it
    /// fails, saying which synchronous resolve to write, and keeps nothing.
    @MainActor @Test func anAwaitedResolveOnTheMainActorSaysToResolveSynchronously() async throws {
        let container = Self.container()
        var failure: DIError?
        do throws(DIError) {
            _ = try await container.resolve((any DialogService).self)
        } catch {
            failure = error
        }
        #expect(failure?.code == .requiresMainActor)
        #expect(failure?.description.contains("container.resolve()") == true)
        let kept: any DialogService = container.resolve()
        #expect(kept.vibro != nil)
    }

    /// Off the main actor, the awaited door fails before it builds anything: the instance
    /// could not be handed to this task.
    @Test func anAwaitedResolveOffTheMainActorIsRequiresMainActor() async throws {
        let container = Self.container()
        let code = await Task.detached { () async -> DIError.Code? in
            do throws(DIError) {
                _ = try await container.resolveAsync((any DialogService).self)
                return nil
            } catch {
                return error.code
            }
        }.value
        #expect(code == .requiresMainActor)
    }

    /// A kept instance is not read inline off the main actor: the request meets the check.
    @Test func aKeptInstanceIsNotHandedToAnotherThread() async throws {
        let container = Self.container()
        _ = await MainActor.run { () -> Bool in
            let dialogs: any DialogService = container.resolve()
            return dialogs.vibro != nil
        }
        let error = await Task.detached { () -> DIError? in
            do throws(DIError) {
                _ = try container.resolve((any DialogService).self, isolation: nil)
                return nil
            } catch {
                return error
            }
        }.value
        #expect(error?.code == .requiresMainActor)
        #expect(error?.description.contains("stay on the main actor") == true)
        // The component, with its registration site.
        #expect(error?.description.contains("MainActorBoundTests.swift") == true)
    }

    /// A main-actor injection and `postInit` whose parameters are not `Sendable`.
    @MainActor @Test func injectionsOnTheMainActorTakeMainActorProtocols() throws {
        let container = DIContainer()
        container.register(onMainActor: { () -> any VibroService in AppVibroService() })
        container.register(onMainActor: { () -> any DialogService in AppDialogService(vibro: nil) })
            .injection(onMainActor: { (dialogs: any DialogService, vibro: any VibroService) in dialogs.vibro = vibro })
            .postInit(onMainActor: { (dialogs: any DialogService) in _ = dialogs.show("ready") })
        let dialogs = try container.resolve((any DialogService).self)
        #expect(dialogs.vibro?.buzz() == "buzz")
        #expect((dialogs as? AppDialogService)?.shown == 1)
    }

    /// A component with such an injection stays on the main actor too.
    @Test func aComponentWithAMainActorBoundInjectionStaysThere() async throws {
        let container = DIContainer()
        container.register(onMainActor: { () -> any VibroService in AppVibroService() })
        container.register { () -> Holder in Holder() }
            .injection(onMainActor: { (holder: Holder, vibro: any VibroService) in holder.vibro = vibro })
        let code = await Task.detached { () -> DIError.Code? in
            do throws(DIError) {
                _ = try container.resolve(Holder.self, isolation: nil)
                return nil
            } catch {
                return error.code
            }
        }.value
        #expect(code == .requiresMainActor)
        let onMain = await MainActor.run { () -> Bool in
            let holder: Holder = container.resolve()
            return holder.vibro != nil
        }
        #expect(onMain)
    }
}

@MainActor private final class Holder {
    var vibro: (any VibroService)?
    nonisolated init() {}
}
