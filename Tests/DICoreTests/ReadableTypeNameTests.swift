import DICore
import Testing

@testable import DICore

private final class HiddenRepository { init() {} }
private final class HiddenScreen { init(repository: HiddenRepository, missing: HiddenMissing) {} }
private final class HiddenMissing {}

/// A `private` or local type is named by its module and path in every message, never by
/// Swift's `(unknown context at $…)` (issue 40 point 4).
@Suite struct ReadableTypeNameTests {
    @Test func theTextRuleDropsEachAnonymousContextAndKeepsTheRest() {
        #expect(readableTypeName("App.(unknown context at $55f7a1).Repository") == "App.Repository")
        #expect(
            readableTypeName("App.(unknown context at $5ba8).(unknown context at $5bb0).Local.Inner") == "App.Local.Inner")
        #expect(
            readableTypeName("DICore.Lazy<App.(unknown context at $5b18).Foo>") == "DICore.Lazy<App.Foo>")
        #expect(
            readableTypeName("Swift.Dictionary<Swift.Int, App.(unknown context at $1).A>")
                == "Swift.Dictionary<Swift.Int, App.A>")
        #expect(readableTypeName("App.Plain<Swift.Int>") == "App.Plain<Swift.Int>")
        // A segment that does not close is kept as it is.
        #expect(readableTypeName("App.(unknown context at $5b).A.(unknown context at $5c") == "App.A.(unknown context at $5c")
    }

    @Test func privateAndLocalTypesAndTheirGenericsReadByTheirPath() {
        final class Local {}
        #expect(readableName(of: HiddenRepository.self) == "DICoreTests.HiddenRepository")
        #expect(readableName(of: Local.self) == "DICoreTests.ReadableTypeNameTests.Local")
        #expect(readableName(of: Lazy<HiddenRepository>.self) == "DICore.Lazy<DICoreTests.HiddenRepository>")
    }

    @Test func anErrorNamesAPrivateTypeByItsPath() throws {
        let container = DIContainer()
        container.register(HiddenScreen.init)
        container.register(HiddenRepository.init)
        let error = try #require(throws: DIError.self) { try container.resolve(HiddenScreen.self) }
        #expect(!error.description.contains("unknown context"))
        #expect(error.description.contains("DICoreTests.HiddenMissing"))
        #expect(error.description.contains("DICoreTests.HiddenScreen"))
    }

    @Test func validationAndTheGraphExportNameAPrivateTypeByItsPath() throws {
        let container = DIContainer()
        container.register(HiddenScreen.init)
        container.register(HiddenRepository.init)
        let finding = try #require(container.validate().errors.first)
        #expect(!finding.message.contains("unknown context"))
        #expect(finding.message.contains("DICoreTests.HiddenMissing is not registered; DICoreTests.HiddenScreen takes it"))
        let dot = container.graphvizDOT()
        #expect(!dot.contains("unknown context"))
        #expect(dot.contains("DICoreTests.HiddenRepository"))
        #expect(container.registrations.allSatisfy { !$0.description.contains("unknown context") })
    }
}
