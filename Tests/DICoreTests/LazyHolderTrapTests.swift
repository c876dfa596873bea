import DICore
import Testing

private final class Analytics { init(key: Argument<String>) {} }
private final class Screen {
    let analytics: Lazy<Analytics>
    let more: Provider<Analytics>
    init(analytics: Lazy<Analytics>, more: Provider<Analytics>) {
        self.analytics = analytics
        self.more = more
    }
}

/// A `Lazy` or `Provider` that fails when read traps naming the component that took it, with
/// its registration site (issue 40 point 4).
@Suite struct LazyHolderTrapTests {
    @Test func aLazyReadThroughValueNamesItsHolder() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                container.register(Screen.init)
                container.register(Analytics.init)
                let screen = try container.resolve(Screen.self)
                _ = screen.analytics.value
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("Lazy<DICoreTests.Analytics>, taken by DICoreTests.Screen at DICoreTests/LazyHolderTrapTests.swift:"))
        #expect(text.contains("could not be resolved"))
    }

    @Test func aLazyCalledNamesItsHolderAtTheCallersLine() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                container.register(Screen.init)
                container.register(Analytics.init)
                let screen = try container.resolve(Screen.self)
                _ = screen.analytics()
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("taken by DICoreTests.Screen at DICoreTests/LazyHolderTrapTests.swift:"))
        #expect(text.contains("DICoreTests/LazyHolderTrapTests.swift:") && !text.contains("Lazy.swift"))
    }

    @Test func aProviderCalledNamesItsHolder() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = DIContainer()
                container.register(Screen.init)
                container.register(Analytics.init)
                let screen = try container.resolve(Screen.self)
                _ = screen.more()
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("Provider<DICoreTests.Analytics>, taken by DICoreTests.Screen at"))
    }
}
