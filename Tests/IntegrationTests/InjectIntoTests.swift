import DICore
import DILifetime
import Testing

// Instances made outside the container (issue 28.7): `register(T.self)` and `inject(into:)`.

private final class ProfileModel: Sendable { init() {} }
private final class Analytics: Sendable { init() {} }

/// A view controller a storyboard would make.
private final class ProfileViewController {
    var model: ProfileModel?
    var analytics: Analytics?
    var configuredWithModel = false
    init() {}
}

/// A component that wrongly asks the container for a controller it cannot make.
private final class Presenter {
    let controller: ProfileViewController
    init(controller: ProfileViewController) { self.controller = controller }
}

/// A component that takes the controller only if the container has one.
private final class OptionalPresenter {
    let controller: ProfileViewController?
    let all: [ProfileViewController]
    init(controller: ProfileViewController?, all: [ProfileViewController]) {
        self.controller = controller
        self.all = all
    }
}

@MainActor private final class Coordinator { init() {} }
@MainActor private final class MainActorScreen {
    var coordinator: Coordinator?
    init() {}
}

private func registerController(in container: DIContainer) {
    container.register(ProfileModel.init).lifetime(.perContainer(.strong))
    container.register(Analytics.init)
    container.register(ProfileViewController.self)
        .injection(\.model)
        .injection { (controller: ProfileViewController, analytics: Analytics) in controller.analytics = analytics }
        .postInit { controller in controller.configuredWithModel = controller.model != nil }
}

@Suite struct InjectIntoTests {
    @Test func injectsPropertiesAndRunsPostInitOnAGivenInstance() throws {
        let container = DIContainer()
        registerController(in: container)
        let controller = ProfileViewController()
        try container.inject(into: controller)
        #expect(controller.model === (try container.resolve(ProfileModel.self)))
        #expect(controller.analytics != nil)
        #expect(controller.configuredWithModel)
    }

    @Test func resolvingATypeMadeElsewhereIsAClearError() throws {
        let container = DIContainer()
        registerController(in: container)
        let error = try #require(throws: DIError.self) { try container.resolve(ProfileViewController.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("made outside the container"))
        #expect(error.description.contains("inject(into:)"))
    }

    @Test func aComponentDependingOnItFailsWithThePath() throws {
        let container = DIContainer()
        registerController(in: container)
        container.register(Presenter.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Presenter.self) }
        #expect(error.description.contains("made outside the container"))
        #expect(error.path.map { String(describing: $0.type) } == ["Presenter"])
    }

    @Test func injectingIntoAnUnregisteredTypeIsAnError() throws {
        let container = DIContainer()
        let error = try #require(throws: DIError.self) { try container.inject(into: ProfileViewController()) }
        #expect(error.code == .notRegistered)
    }

    @Test func validationAcceptsAComponentOnlyInjectedInto() {
        let container = DIContainer()
        registerController(in: container)
        let report = container.validate()
        #expect(report.isValid, "\(report)")
    }

    @Test func validationReportsADependencyOnAComponentMadeElsewhere() throws {
        let container = DIContainer()
        registerController(in: container)
        container.register(Presenter.init)
        let report = container.validate()
        #expect(!report.isValid)
        let finding = try #require(report.errors.first { $0.component?.type == Presenter.self })
        #expect(finding.message.contains("made outside the container"))
        #expect(finding.related.map { String(describing: $0.type) } == ["ProfileViewController"])
    }

    @Test func childScopeValidationReportsADependencyOnAComponentMadeElsewhere() throws {
        let application = DIContainer()
        registerController(in: application)
        let report = application.validate(childScope: { $0.register(Presenter.init) })
        let finding = try #require(report.errors.first { $0.component?.type == Presenter.self })
        #expect(finding.message.contains("made outside the container"))
    }

    @Test func anOptionalOrArrayDependencyDoesNotGetIt() throws {
        let container = DIContainer()
        registerController(in: container)
        container.register(OptionalPresenter.init)
        let presenter = try container.resolve(OptionalPresenter.self)
        #expect(presenter.controller == nil && presenter.all.isEmpty)
        let report = container.validate()
        #expect(report.isValid, "\(report)")
    }

    @MainActor @Test func injectsAMainActorInstanceOnTheMainActor() throws {
        let container = DIContainer()
        container.register(Coordinator.init).lifetime(.perContainer(.strong))
        container.register(MainActorScreen.self).injection(onMainActor: \.coordinator)
        let screen = MainActorScreen()
        try container.inject(into: screen)
        #expect(screen.coordinator === (try container.resolve(Coordinator.self)))
    }
}
