// A server's async code: async factories that await before and after resolving, awaited
// resolves after other awaits (the shape that crashed Swift 6.3.1 in release), a child
// container per request, and errors handled where they are thrown.
import DICore
import DIHierarchy
import DILifetime

func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError("AsyncServer: \(message())", line: line) }
}

final class Config: Sendable {
    let url = "db://local"
    init() {}
}
final class Pool: Sendable {
    let config: Config
    init(config: Config) { self.config = config }
}
final class Session: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
}
final class Request: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
final class Handler: Sendable {
    let session: Session
    let request: Request
    init(session: Session, request: Request) {
        self.session = session
        self.request = request
    }
}
struct NotFound: Error {}

let app = DIContainer()
app.register(Config.init).lifetime(.perContainer(.strong))
// The factory of the issue: a throwing await, then an awaited resolve through the container.
app.register { () async throws -> Pool in
    try await Task.sleep(nanoseconds: 1)
    let config = try await app.resolveAsync(Config.self)
    try await Task.sleep(nanoseconds: 1)
    return Pool(config: config)
}.lifetime(.perContainer(.strong))
app.register { (pool: Pool) async throws -> Session in
    try await Task.sleep(nanoseconds: 1)
    return Session(pool: pool)
}

// The first program: a throwing await before the awaited resolve.
func session(from container: DIContainer) async throws -> Session {
    try await Task.sleep(nanoseconds: 1)
    return try await container.resolve(Session.self)
}

// Every awaited and synchronous door after an await, in one function.
func everyDoor(_ container: DIContainer) async throws -> [AnyObject] {
    var made: [AnyObject] = []
    try await Task.sleep(nanoseconds: 1)
    made.append(try await container.resolve(Pool.self))
    try await Task.sleep(nanoseconds: 1)
    made.append(try await container.resolveAsync(Session.self))
    let config: Config? = container.resolve()
    made.append(config!)
    let sure: Config = container.resolve()
    made.append(sure)
    made.append(try container.resolve(Config.self, isolation: #isolation))
    try await Task.sleep(nanoseconds: 1)
    let lazy = try await container.resolve(Lazy<Pool>.self)
    made.append(try await lazy.resolvedValue())
    let provider = try await container.resolve(Provider<Session>.self)
    made.append(try await provider.resolve())
    return made
}

// Errors handled in the function that awaits, typed and untyped.
func missing(_ container: DIContainer) async -> DIError.Code? {
    do {
        try await Task.sleep(nanoseconds: 1)
        _ = try await container.resolve(NotFound.self)
        return nil
    } catch let error as DIError {
        return error.code
    } catch {
        return nil
    }
}

func missingTyped(_ container: DIContainer) async -> DIError.Code? {
    do throws(DIError) {
        _ = try await container.resolveAsync(NotFound.self)
        return nil
    } catch {
        return error.code
    }
}

// A request: a child container, its own registrations, resolved in a task group.
func serve(_ id: Int) async throws -> Int {
    let child = DIContainer(parent: app)
    child.register { Request(id: id) }
    child.register(Handler.init)
    try await Task.sleep(nanoseconds: 1)
    let handler = try await child.resolve(Handler.self)
    return handler.request.id
}

let first = try await session(from: app)
expect(first.pool.config.url == "db://local", "the session's pool")
expect(try await everyDoor(app).count == 7, "every door")
expect(await missing(app) == .notRegistered, "a miss is notRegistered")
expect(await missingTyped(app) == .notRegistered, "a typed miss is notRegistered")
let ids = try await withThrowingTaskGroup(of: Int.self) { group in
    for id in 0..<20 { group.addTask { try await serve(id) } }
    var ids: [Int] = []
    for try await id in group { ids.append(id) }
    return ids.sorted()
}
expect(ids == Array(0..<20), "every request served by its own child")
let pools = try await withThrowingTaskGroup(of: Pool.self) { group in
    for _ in 0..<8 { group.addTask { try await app.resolveAsync(Pool.self) } }
    var pools: [Pool] = []
    for try await pool in group { pools.append(pool) }
    return pools
}
expect(pools.allSatisfy { $0 === pools[0] }, "one cached pool for every task")
print("AsyncServer: ok")
