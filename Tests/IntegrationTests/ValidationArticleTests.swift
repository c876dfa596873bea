import DICore
import DIHierarchy
import DILifetime
import Testing

/// The Validation article's snippets, with the types they assume.
@Suite struct ValidationArticleTests {
    final class Database { init() {} }
    final class RequestContext { init() {} }
    final class Handler { init(context: RequestContext, database: Database) {} }
    final class HTTPClient { init() {} }
    final class Repository { init(client: HTTPClient) {} }

    @Test func childContainersSnippet() throws {
        let app = DIContainer()
        app.register(Database.init).lifetime(.perContainer(.strong))
        app.register(Handler.init)
        // Snippet "Child containers" start
        func registerRequestScope(_ request: DIContainer) {
            request.register(RequestContext.init).lifetime(.perContainer(.strong))
        }
        let report = app.validate(childScope: registerRequestScope)
        guard report.isValid else { fatalError(report.description) }

        // Per request, the same registrations:
        let request = DIContainer(parent: app)
        registerRequestScope(request)
        let handler = try request.resolve(Handler.self)
        // Snippet end
        _ = handler
        #expect(!app.validate().isValid)
    }

    @Test func capturedDependenciesSnippet() {
        let container = DIContainer()
        // Snippet "Captive dependencies" start
        container.register(HTTPClient.init).allowsCapture()  // stateless: any holder may keep one
        container.register(Repository.init).lifetime(.perContainer(.strong))
        // Snippet end
        #expect(container.validate().findings.isEmpty)
    }
}
