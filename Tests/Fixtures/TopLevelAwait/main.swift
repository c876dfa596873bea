// A program written as an app's main.swift: top-level code that awaits. The test
// `TopLevelAwaitTests` runs it and checks what it prints.
import DICore

final class API: Sendable { init() {} }
final class Session: Sendable {
    let api: API
    init(api: API) async { self.api = api }
}
@MainActor final class ProfileModel {
    let api: API
    init(api: API) { self.api = api }
}
final class Cat: Sendable { init() {} }

let container = DIContainer()
container.register(API.init)
container.register { (api: API) async in await Session(api: api) }
container.register(ProfileModel.init)

// Top-level code: the form that has no synchronous twin.
let session = try await container.resolveAsync(Session.self)
print("top-level resolveAsync: \(type(of: session))")

// Top-level code on the main actor: a main-actor component resolves either way.
let model = try await container.resolveAsync(ProfileModel.self)
print("top-level main actor: \(type(of: model))")

// The DIError documentation's snippet, in a form that compiles in top-level code.
do {
    _ = try container.resolve(Cat.self)
} catch {
    if error.code == .notRegistered { print("top-level catch: notRegistered") }
}

// Inside functions, `try await container.resolve(_:)` picks the awaited overload.
func nonisolatedAsync() async throws -> String {
    let session = try await container.resolve(Session.self)
    return "nonisolated async: \(type(of: session))"
}

@MainActor func mainActorAsync() async throws -> String {
    let session = try await container.resolve(Session.self)
    return "main actor async: \(type(of: session))"
}

actor Screen {
    func load() async throws -> String {
        let session = try await container.resolve(Session.self)
        return "actor: \(type(of: session))"
    }
}

print(try await nonisolatedAsync())
print(try await mainActorAsync())
print(try await Screen().load())
