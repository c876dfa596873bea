import DICore
import DIHierarchy
import DILifetime
import Testing

/// `validate(childScope:)`: the application container checked together with what its
/// per-request (or per-screen) children register.
@Suite struct ValidationChildScopeTests {
    final class Database { init() {} }
    final class RequestContext { init() {} }
    final class Handler { init(context: RequestContext, database: Database) {} }
    final class Cache { init(context: RequestContext) {} }

    /// The application's container: a handler that takes what each request's child registers.
    private func makeApp() -> DIContainer {
        let app = DIContainer()
        app.register(Database.init).lifetime(.perContainer(.strong))
        app.register(Handler.init)
        return app
    }

    /// What the application registers in each request's child.
    private func registerRequestScope(_ request: DIContainer) {
        request.register(RequestContext.init).lifetime(.perContainer(.strong))
    }

    @Test func theAppAloneMissesWhatTheChildRegisters() {
        #expect(makeApp().validate().errors.map(\.kind) == [.missingDependency])
    }

    @Test func theAppWithItsChildScopeIsValidWithNoHierarchyWarning() {
        let report = makeApp().validate(childScope: registerRequestScope)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func whatTheChildScopeLacksIsStillAnError() throws {
        let report = makeApp().validate { _ in }
        let finding = try #require(report.errors.first)
        #expect(report.errors.count == 1)
        #expect(finding.message.contains("RequestContext is not registered"))
    }

    /// A cached component of the app is built as the app sees the graph, whichever child
    /// asks: what only the child registers does not reach it, and validation says so.
    @Test func anAppsCachedComponentStillSeesOnlyTheApp() throws {
        let app = makeApp()
        app.register(Cache.init).lifetime(.perContainer(.strong))
        let report = app.validate(childScope: registerRequestScope)
        let finding = try #require(report.errors.first)
        #expect(report.errors.count == 1)
        #expect(finding.component?.type == Cache.self)
        #expect(finding.message.contains("is built as parent 1 sees the graph"))
    }

    @Test func theChildsOwnRegistrationsAreCheckedWithTheirSites() throws {
        let report = makeApp().validate { request in
            request.register(RequestContext.init)
            request.register(Handler.init).lifetime(.perContainer(.strong))  // a per-request handler
        }
        // The per-request handler keeps a .prototype context: a warning at the child's site.
        let finding = try #require(report.warnings.first { $0.kind == .captiveDependency })
        #expect(finding.description.contains("DIHierarchyTests/ValidationChildScopeTests.swift:"))
        #expect(report.isValid)
    }
}

/// What `validate(childScope:)` says of the hierarchy: nothing for the throwaway child of a
/// root, the warning once when the container validated has a parent itself.
@Suite struct ValidationChildScopeHierarchyTests {
    @Test func aChildsChildScopeIsWarnedAboutOnce() {
        let app = DIContainer()
        let screen = DIContainer(parent: app)
        let report = screen.validate { _ in }
        #expect(report.findings.map(\.kind) == [.containerHierarchy])
        #expect(app.validate { _ in }.findings.isEmpty)
    }
}
