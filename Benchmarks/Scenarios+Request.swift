import DICore
import DIHierarchy
import DILifetime

/// The per-request components of `requestScope`: three share one context.
final class RequestContext: Sendable { init() {} }
final class RequestUser: Sendable {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}
final class RequestAuth: Sendable {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}
final class RequestLog: Sendable {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}
final class RequestHandler: Sendable {
    let user: RequestUser
    let auth: RequestAuth
    let log: RequestLog
    let first: Service1
    let second: Service2
    init(user: RequestUser, auth: RequestAuth, log: RequestLog, first: Service1, second: Service2) {
        self.user = user
        self.auth = auth
        self.log = log
        self.first = first
        self.second = second
    }
}

/// The application container of the request scenarios: 20 cached services.
func makeApplication() -> DIContainer {
    let application = DIContainer()
    application.register(Service0.init).lifetime(.perContainer(.strong))
    application.register(Service1.init).lifetime(.perContainer(.strong))
    application.register(Service2.init).lifetime(.perContainer(.strong))
    application.register(Service3.init).lifetime(.perContainer(.strong))
    application.register(Service4.init).lifetime(.perContainer(.strong))
    application.register(Service5.init).lifetime(.perContainer(.strong))
    application.register(Service6.init).lifetime(.perContainer(.strong))
    application.register(Service7.init).lifetime(.perContainer(.strong))
    application.register(Service8.init).lifetime(.perContainer(.strong))
    application.register(Service9.init).lifetime(.perContainer(.strong))
    application.register(Service10.init).lifetime(.perContainer(.strong))
    application.register(Service11.init).lifetime(.perContainer(.strong))
    application.register(Service12.init).lifetime(.perContainer(.strong))
    application.register(Service13.init).lifetime(.perContainer(.strong))
    application.register(Service14.init).lifetime(.perContainer(.strong))
    application.register(Service15.init).lifetime(.perContainer(.strong))
    application.register(Service16.init).lifetime(.perContainer(.strong))
    application.register(Service17.init).lifetime(.perContainer(.strong))
    application.register(Service18.init).lifetime(.perContainer(.strong))
    application.register(Service19.init).lifetime(.perContainer(.strong))
    let _: Service1 = application.resolve()
    let _: Service2 = application.resolve()
    return application
}

/// The naive container's application: the same 20 services, cached.
func makeNaiveApplication() -> NaiveContainer {
    let application = NaiveContainer()
    application.register(.cached) { _ in Service0() }
    application.register(.cached) { Service1(base: $0.resolve()) }
    application.register(.cached) { Service2(base: $0.resolve()) }
    application.register(.cached) { Service3(base: $0.resolve()) }
    application.register(.cached) { Service4(base: $0.resolve()) }
    application.register(.cached) { Service5(base: $0.resolve()) }
    application.register(.cached) { Service6(base: $0.resolve()) }
    application.register(.cached) { Service7(base: $0.resolve()) }
    application.register(.cached) { Service8(base: $0.resolve()) }
    application.register(.cached) { Service9(base: $0.resolve()) }
    application.register(.cached) { Service10(base: $0.resolve()) }
    application.register(.cached) { Service11(base: $0.resolve()) }
    application.register(.cached) { Service12(base: $0.resolve()) }
    application.register(.cached) { Service13(base: $0.resolve()) }
    application.register(.cached) { Service14(base: $0.resolve()) }
    application.register(.cached) { Service15(base: $0.resolve()) }
    application.register(.cached) { Service16(base: $0.resolve()) }
    application.register(.cached) { Service17(base: $0.resolve()) }
    application.register(.cached) { Service18(base: $0.resolve()) }
    application.register(.cached) { Service19(base: $0.resolve()) }
    _ = application.resolve(Service1.self)
    _ = application.resolve(Service2.self)
    return application
}

/// Registers the five request-scoped components of one request in `request`.
func registerRequest(in request: DIContainer) {
    request.register(RequestContext.init).lifetime(.perContainer(.strong))
    request.register(RequestUser.init).lifetime(.perContainer(.strong))
    request.register(RequestAuth.init).lifetime(.perContainer(.strong))
    request.register(RequestLog.init).lifetime(.perContainer(.strong))
    request.register(RequestHandler.init).lifetime(.perContainer(.strong))
}

/// The same five in a naive child container.
func registerRequest(in request: NaiveContainer) {
    request.register(.cached) { _ in RequestContext() }
    request.register(.cached) { RequestUser(context: $0.resolve()) }
    request.register(.cached) { RequestAuth(context: $0.resolve()) }
    request.register(.cached) { RequestLog(context: $0.resolve()) }
    request.register(.cached) {
        RequestHandler(
            user: $0.resolve(), auth: $0.resolve(), log: $0.resolve(), first: $0.resolve(), second: $0.resolve())
    }
}

/// One request written by hand: the handler's graph, with the application's two services.
@inline(never)
func handRequest(first: Service1, second: Service2) -> RequestHandler {
    let context = RequestContext()
    return RequestHandler(
        user: RequestUser(context: context), auth: RequestAuth(context: context),
        log: RequestLog(context: context), first: first, second: second)
}

extension Scenario {
    /// `requestScope`, the server-side pattern: a child container per request.
    ///
    /// An application container holds 20 cached services. Per request: a child container of
    /// it, five request-scoped (`.perContainer`) registrations, and a handler resolved that
    /// takes two of the application's services and three request-scoped components sharing one
    /// context; the child is dropped at the end. The naive container does the same with a
    /// parent; the hand-written code builds the handler's graph.
    static func requestScope() -> Scenario {
        let application = makeApplication()
        let naiveApplication = makeNaiveApplication()
        let first: Service1 = application.resolve()
        let second: Service2 = application.resolve()
        return Scenario(
            "requestScope",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let request = DIContainer(parent: application)
                    registerRequest(in: request)
                    let handler: RequestHandler = request.resolve()
                    sink.consume(handler)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(handRequest(first: first, second: second)) }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    let request = NaiveContainer(parent: naiveApplication)
                    registerRequest(in: request)
                    sink.consume(request.resolve(RequestHandler.self))
                }
            })
    }
}
