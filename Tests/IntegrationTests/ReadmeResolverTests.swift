import DICore
import Testing

// The README's "Resolving inside a factory" snippet, with the types it assumes.

private final class API: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class Screen: Sendable {
    let api: API
    init(api: API) { self.api = api }
}

@Suite struct ReadmeResolverTests {
    @Test func resolvingInsideAFactory() throws {
        let container = DIContainer()
        container.register { API(name: "prod") }.named("prod")
        container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, name: "prod")) }
        #expect(try container.resolve(Screen.self).api.name == "prod")
    }
}
