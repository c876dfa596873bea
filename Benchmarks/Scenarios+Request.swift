import DICore
import DIHierarchy
import DILifetime

/// The per-request components of `requestScope`.
final class RequestContext: Sendable { init() {} }
final class RequestUser: Sendable {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}
final class RequestHandler: Sendable {
    let context: RequestContext
    let user: RequestUser
    let base: Service0
    init(context: RequestContext, user: RequestUser, base: Service0) {
        self.context = context
        self.user = user
        self.base = base
    }
}

extension Scenario {
    /// `requestScope`, the server-side pattern: a child container per request.
    ///
    /// Per request, a child container of the application's, three `.perContainer` components
    /// registered and resolved in it, the child dropped at the end.
    ///
    /// The naive container has no parent: it registers the three and the shared service per
    /// request, which is what code without a hierarchy writes.
    static func requestScope() -> Scenario {
        let application = DIContainer()
        application.register(Service0.init).lifetime(.perContainer(.strong))
        let shared: Service0 = application.resolve()
        return Scenario(
            "requestScope",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let request = DIContainer(parent: application)
                    request.register(RequestContext.init).lifetime(.perContainer(.strong))
                    request.register(RequestUser.init).lifetime(.perContainer(.strong))
                    request.register(RequestHandler.init).lifetime(.perContainer(.strong))
                    let handler: RequestHandler = request.resolve()
                    sink.consume(handler)
                }
            },
            manual: nil,
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    let request = NaiveContainer()
                    request.register(.cached) { _ in shared }
                    request.register(.cached) { _ in RequestContext() }
                    request.register(.cached) { RequestUser(context: $0.resolve()) }
                    request.register(.cached) {
                        RequestHandler(context: $0.resolve(), user: $0.resolve(), base: $0.resolve())
                    }
                    sink.consume(request.resolve(RequestHandler.self))
                }
            })
    }
}
