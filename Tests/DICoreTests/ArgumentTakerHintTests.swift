import DICore
import Testing

/// An argument given to the root that a component deeper in its graph takes: the error names
/// that component and the `.for(…)` to write (issue 40 point 4).
@Suite struct ArgumentTakerHintTests {
    final class SeriesPresenter { init(title: Argument<String>) {} }
    final class Counter { init(start: Argument<Int>) {} }
    final class SeriesScreen { init(presenter: SeriesPresenter, counter: Counter) {} }

    @Test func anArgumentTheRootDoesNotTakeNamesWhoTakesOneOfItsType() throws {
        let container = DIContainer()
        container.register(SeriesScreen.init)
        container.register(SeriesPresenter.init)
        container.register(Counter.init)
        let error = try #require(throws: DIError.self) { try container.resolve(SeriesScreen.self, arguments: "Title") }
        #expect(error.code == .argumentMismatch)
        let text = error.description
        #expect(text.contains("1 argument(s) given, but"))
        #expect(text.contains("SeriesPresenter at DICoreTests/ArgumentTakerHintTests.swift:"))
        #expect(text.contains("takes Argument<Swift.String>"))
        #expect(text.contains("`arguments: .for(DICoreTests.ArgumentTakerHintTests.SeriesPresenter.self, value)`"))
        // The one taking an Int is not the one a String is for.
        #expect(!text.contains("Counter at"))
    }

    @Test func theAddressedArgumentTheHintShowsResolves() throws {
        let container = DIContainer()
        container.register(SeriesScreen.init)
        container.register(SeriesPresenter.init)
        container.register(Counter.init)
        _ = try container.resolve(SeriesScreen.self, arguments: .for(SeriesPresenter.self, "Title"), .for(Counter.self, 1))
    }
}
