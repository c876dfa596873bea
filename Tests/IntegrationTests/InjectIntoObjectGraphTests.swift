import DICore
import DIHierarchy
import DILifetime
import Testing

// The instance given to `inject(into:)` is its component's instance within that injection's
// resolve (issue 40.7): DITranquillity's storyboard idiom, a view controller made outside the
// container whose injection makes a presenter that takes the view controller back.

private final class ScreenViewController {
    var presenter: ScreenPresenter?
    init() {}
}

private final class ScreenInteractor {
    let view: ScreenViewController
    init(view: ScreenViewController) { self.view = view }
}

private final class ScreenPresenter {
    let view: ScreenViewController
    let interactor: ScreenInteractor
    init(view: ScreenViewController, interactor: ScreenInteractor) {
        self.view = view
        self.interactor = interactor
    }
}

/// What an application resolves directly, which would need a view controller it cannot make.
private final class ScreenRouter {
    let presenter: ScreenPresenter
    init(presenter: ScreenPresenter) { self.presenter = presenter }
}

/// Another view controller made elsewhere, whose injection wrongly builds the first one's presenter.
private final class OtherViewController {
    var presenter: ScreenPresenter?
    init() {}
}

private final class DeferredViewController {
    var presenter: DeferredPresenter?
    init() {}
}

private final class DeferredPresenter {
    let view: Lazy<DeferredViewController>
    let views: Provider<DeferredViewController>
    init(view: Lazy<DeferredViewController>, views: Provider<DeferredViewController>) {
        self.view = view
        self.views = views
    }
}

private protocol ScreenView: AnyObject {
    var output: ProtocolPresenter? { get set }
}

private final class ProtocolViewController: ScreenView {
    var output: ProtocolPresenter?
    init() {}
}

private final class ProtocolPresenter {
    let view: any ScreenView
    init(view: any ScreenView) { self.view = view }
}

/// What a factory makes of two view controllers a storyboard made.
private final class TabBar {
    let tabs: [ScreenViewController]
    var doneOnReturn: [Bool] = []
    init(tabs: [ScreenViewController]) { self.tabs = tabs }
}

/// The idiom: the view controller, registered without a factory, gets its presenter by
/// injection; the presenter takes the view controller (and so does its interactor).
private func registerScreen(in container: DIContainer, lifetime: DIComponentLifetime = .objectGraph) {
    container.register(ScreenViewController.self)
        .injection { (controller: ScreenViewController, presenter: ScreenPresenter) in controller.presenter = presenter }
        .lifetime(lifetime)
    container.register(ScreenPresenter.init)
    container.register(ScreenInteractor.init)
}

@Suite struct InjectIntoObjectGraphTests {
    @Test func thePresenterGetsTheVeryInstanceGiven() throws {
        let container = DIContainer()
        registerScreen(in: container)
        let controller = ScreenViewController()
        try container.inject(into: controller)
        let presenter = try #require(controller.presenter)
        #expect(presenter.view === controller)
        #expect(presenter.interactor.view === controller)
    }

    @Test func twoInjectionsGiveTwoPresentersEachWithItsOwnViewController() throws {
        let container = DIContainer()
        registerScreen(in: container)
        let first = ScreenViewController()
        let second = ScreenViewController()
        try container.inject(into: first)
        try container.inject(into: second)
        let (one, two) = (try #require(first.presenter), try #require(second.presenter))
        #expect(one !== two)
        #expect(one.view === first && two.view === second)
        #expect(one.interactor.view === first && two.interactor.view === second)
    }

    @Test func aLazyAndAProviderTakingItBackGetTheGivenInstance() throws {
        let container = DIContainer()
        container.register(DeferredViewController.self)
            .injection(\.presenter)
            .lifetime(.objectGraph)
        container.register(DeferredPresenter.init)
        let controller = DeferredViewController()
        try container.inject(into: controller)
        let presenter = try #require(controller.presenter)
        #expect(presenter.view.value === controller)
        #expect(try presenter.views.resolve() === controller)
        #expect(container.validate().isValid, "\(container.validate())")
    }

    @Test func aPrototypeDeclaredViewIsTheGivenInstanceToo() throws {
        let container = DIContainer()
        registerScreen(in: container, lifetime: .prototype)
        let controller = ScreenViewController()
        try container.inject(into: controller)
        #expect(controller.presenter?.view === controller)
        // The given instance closes the cycle: no cycle of `.prototype` components is reported.
        let report = container.validate()
        #expect(report.isValid, "\(report)")
    }

    @Test func aCachedLifetimeKeepsNoGivenInstance() throws {
        let container = DIContainer()
        registerScreen(in: container, lifetime: .perContainer(.strong))
        let first = ScreenViewController()
        let second = ScreenViewController()
        try container.inject(into: first)
        try container.inject(into: second)
        #expect(first.presenter?.view === first && second.presenter?.view === second)
        // The registration keeps the lifetime it declares; the container kept no instance.
        #expect(container.registrations.first { $0.type == ScreenViewController.self }?.lifetime == .perContainer(.strong))
        #expect(throws: DIError.self) { try container.resolve(ScreenViewController.self) }
    }

    @Test func aSingleDeclaredViewIsNoSingletonToMake() throws {
        let container = DIContainer()
        registerScreen(in: container, lifetime: .single)
        #expect(container.initializeSingletonObjects().isEmpty)
        let controller = ScreenViewController()
        try container.inject(into: controller)
        #expect(controller.presenter?.view === controller)
    }

    @Test func validationAcceptsTheIdiom() {
        let container = DIContainer()
        registerScreen(in: container)
        let report = container.validate()
        #expect(report.isValid, "\(report)")
    }

    @Test func validationAcceptsTheIdiomWithTheViewControllerMarkedRoot() {
        // DITranquillity's test06_CycleWithoutInitRootCorrect: the roots are declared, and the
        // view controller is one.
        let container = DIContainer()
        container.register(ScreenViewController.self)
            .injection { (controller: ScreenViewController, presenter: ScreenPresenter) in controller.presenter = presenter }
            .lifetime(.objectGraph)
            .root()
        container.register(ScreenPresenter.init)
        container.register(ScreenInteractor.init)
        let report = container.validate()
        #expect(report.errors.isEmpty, "\(report)")
    }

    @Test func validationReportsThePresenterMarkedRoot() throws {
        // DITranquillity's test06_CycleWithoutInitRootIncorrect: a root the application
        // resolves needs a view controller the container cannot make.
        let container = DIContainer()
        container.register(ScreenViewController.self)
            .injection { (controller: ScreenViewController, presenter: ScreenPresenter) in controller.presenter = presenter }
            .lifetime(.objectGraph)
            .root()
        container.register(ScreenPresenter.init).root()
        container.register(ScreenInteractor.init)
        let report = container.validate()
        let finding = try #require(report.errors.first { $0.component?.type == ScreenPresenter.self })
        #expect(finding.message.contains("ScreenPresenter itself: the container cannot create one"), "\(finding)")
        #expect(finding.related.map { String(describing: $0.type) } == ["ScreenViewController"])
    }

    @Test func validationReportsADependencyReachedFromARootWithItsPath() throws {
        let container = DIContainer()
        registerScreen(in: container)
        container.register(ScreenRouter.init)
        let report = container.validate()
        let presenterFinding = try #require(report.errors.first { $0.component?.type == ScreenPresenter.self })
        #expect(presenterFinding.message.contains("ScreenRouter: the container cannot create one"), "\(presenterFinding)")
        #expect(
            presenterFinding.path.map { String(describing: $0.type) }
                == ["ScreenRouter", "ScreenPresenter", "ScreenViewController"])
        // The interactor is built by the router's resolve too.
        #expect(report.errors.contains { $0.component?.type == ScreenInteractor.self })
    }

    @Test func validationReportsADependencyBuiltByAnotherComponentsInjection() throws {
        let container = DIContainer()
        registerScreen(in: container)
        container.register(OtherViewController.self).injection(\.presenter)
        let report = container.validate()
        let finding = try #require(report.errors.first { $0.component?.type == ScreenPresenter.self })
        #expect(finding.message.contains("OtherViewController: the container cannot create one"), "\(finding)")
        let error = try #require(throws: DIError.self) { try container.inject(into: OtherViewController()) }
        #expect(error.description.contains("made outside the container"))
    }

    @Test func resolvingThePresenterDirectlyFailsWithThePath() throws {
        let container = DIContainer()
        registerScreen(in: container)
        let error = try #require(throws: DIError.self) { try container.resolve(ScreenPresenter.self) }
        #expect(error.code == .notRegistered)
        #expect(error.requestedType is ScreenViewController.Type)
        #expect(error.path.map { String(describing: $0.type) } == ["ScreenPresenter"])
        #expect(error.description.contains("made outside the container"))
        #expect(error.description.contains("gives that instance to what its injections build"))
        // A resolve after the injections ran sees no given instance either.
        try container.inject(into: ScreenViewController())
        #expect(throws: DIError.self) { try container.resolve(ScreenPresenter.self) }
    }

    @Test func aChildContainerGivesItsInjectionsTheInstance() throws {
        let app = DIContainer()
        registerScreen(in: app)
        let screen = DIContainer(parent: app)
        let controller = ScreenViewController()
        try screen.inject(into: controller)
        #expect(controller.presenter?.view === controller)
        #expect(controller.presenter?.interactor.view === controller)
    }

    @Test func aPresenterRegisteredInTheChildGetsTheInstance() throws {
        let app = DIContainer()
        app.register(ScreenViewController.self)
            .injection { (controller: ScreenViewController, presenter: ScreenPresenter) in controller.presenter = presenter }
        let report = app.validate(childScope: { child in
            child.register(ScreenPresenter.init)
            child.register(ScreenInteractor.init)
        })
        #expect(report.errors.isEmpty, "\(report)")
        let screen = DIContainer(parent: app)
        screen.register(ScreenPresenter.init)
        screen.register(ScreenInteractor.init)
        let controller = ScreenViewController()
        try screen.inject(into: controller)
        #expect(controller.presenter?.view === controller)
    }

    @Test func aFactoryInjectsIntoTwoInstancesDetached() throws {
        let container = DIContainer()
        registerScreen(in: container)
        container.register { (resolver: DIContainer) throws -> TabBar in
            let tabs = TabBar(tabs: [ScreenViewController(), ScreenViewController()])
            for tab in tabs.tabs {
                try DIContainer.detached { () throws(DIError) in try resolver.inject(into: tab) }
                // Done on return: the detached call is a resolve of its own.
                tabs.doneOnReturn.append(tab.presenter?.view === tab)
            }
            return tabs
        }
        let tabBar = try container.resolve(TabBar.self)
        #expect(tabBar.doneOnReturn == [true, true])
        #expect(tabBar.tabs[0].presenter !== tabBar.tabs[1].presenter)
    }

    @Test func aViewTypedAsAClassBoundProtocolIsInjected() throws {
        let container = DIContainer()
        container.register((any ScreenView).self)
            .injection { (view: any ScreenView, presenter: ProtocolPresenter) in view.output = presenter }
            .lifetime(.objectGraph)
        container.register(ProtocolPresenter.init)
        let controller = ProtocolViewController()
        try container.inject(into: controller as any ScreenView)
        #expect(controller.output?.view === controller)
        let report = container.validate()
        #expect(report.isValid, "\(report)")
        #expect(throws: DIError.self) { try container.resolve(ProtocolPresenter.self) }
        // Given as its class, it finds no registration, and the error says how to pass it.
        let error = try #require(throws: DIError.self) { try container.inject(into: ProtocolViewController()) }
        #expect(error.description.contains("inject(into: instance as any P)"), "\(error)")
    }
}
