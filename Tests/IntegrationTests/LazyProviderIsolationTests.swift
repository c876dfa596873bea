import DICore
import Testing

@MainActor private final class ScreenModel {
    init() {}
}
private final class Unregistered: Sendable { init() {} }

/// `Lazy` and `Provider` take their caller's isolation and location, as `resolve` does.
@Suite struct LazyProviderIsolationTests {
    @MainActor @Test func aMainActorComponentResolvesThroughLazyAndProviderOnTheMainActor() throws {
        let container = DIContainer()
        container.register(ScreenModel.init)
        let lazy = try container.resolve(Lazy<ScreenModel>.self)
        _ = try lazy.resolvedValue()
        _ = lazy()
        let provider = try container.resolve(Provider<ScreenModel>.self)
        _ = try provider.resolve()
        _ = provider()
    }

    @Test func theTrappingProviderCallReportsTheCallersLine() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                let provider = try container.resolve(Provider<Unregistered>.self)
                _ = provider()
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("IntegrationTests/LazyProviderIsolationTests.swift:"))
        #expect(!text.contains("Provider.swift"))
        #expect(text.contains("Unregistered is not registered"))
    }

    @Test func theTrappingLazyReadReportsTheCallersLine() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                let lazy = try container.resolve(Lazy<Unregistered>.self)
                _ = lazy()
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("IntegrationTests/LazyProviderIsolationTests.swift:"))
        #expect(!text.contains("Lazy.swift"))
        #expect(text.contains("Unregistered is not registered"))
    }
}
