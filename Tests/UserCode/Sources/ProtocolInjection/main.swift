// An app's services, each implementation exposed as a class-bound protocol and given its
// collaborators by property injection (Swinject's `initCompleted`, DITranquillity's
// `injection`), the way ported code writes them.
import DICore
import DILifetime

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("ProtocolInjection: \(message())", line: line) }
}

protocol Logger: AnyObject, Sendable {
    func log(_ line: String) -> String
}
protocol AccountService: AnyObject, Sendable {
    var logger: (any Logger)? { get set }
    var store: (any KeyStore)? { get set }
}
protocol KeyStore: AnyObject, Sendable {
    var account: (any AccountService)? { get set }
}

final class PrintLogger: Logger {
    init() {}
    func log(_ line: String) -> String { "log: \(line)" }
}
final class AppAccountService: AccountService, @unchecked Sendable {
    // NB: @unchecked: set by the resolve's injections before the instance is handed out.
    var logger: (any Logger)?
    var store: (any KeyStore)?
    init() {}
}
final class AppKeyStore: KeyStore, @unchecked Sendable {
    // NB: @unchecked: as `AppAccountService`.
    weak var account: (any AccountService)?
    init() {}
}

let container = DIContainer()
container.register(PrintLogger.init).as((any Logger).self).lifetime(.perContainer(.strong))
container.register { () -> any AccountService in AppAccountService() }
    .lifetime(.perContainer(.strong))
    .injection { (service: any AccountService, logger: any Logger) in service.logger = logger }
    .injection(\.store)
container.register { () -> any KeyStore in AppKeyStore() }
    .lifetime(.perContainer(.strong))
    .injection(\.account)

func check() throws {
    let service = try container.resolve((any AccountService).self)
    expect(service.logger?.log("in") == "log: in", "the injected logger")
    expect(service.store?.account === service, "the cycle closed through the protocols")
    let again: any AccountService = container.resolve()
    expect(again === service, "one cached service")
}

func checkAwaited() async throws {
    try await Task.sleep(nanoseconds: 1)
    let service = try await container.resolve((any AccountService).self)
    expect(service.logger != nil, "awaited: the injected logger")
}

try check()
try await checkAwaited()
let report = container.validate()
expect(report.isValid, "the graph validates: \(report)")
print("ProtocolInjection: ok")
