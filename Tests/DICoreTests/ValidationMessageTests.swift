import DICore
import Testing

/// What validation and the resolve say, beyond the kind of a finding: the components a
/// misspelled name could have meant, and the components whose dependencies cannot be checked.
@Suite struct ValidationMessageTests {
    final class API { init() {} }
    final class Screen { init(api: API) {} }
    final class Dashboard {
        init(resolver: DIContainer) {}
    }

    enum Prdo: DIName { static let name = "prdo" }
    final class TakesPrdo { init(api: Named<Prdo, API>) {} }
    final class Greeting { init(text: Argument<String>) {} }
    @MainActor final class ViewModel { init() {} }

    private func namedAPIs() -> DIContainer {
        let container = DIContainer()
        container.register { API() }.named("prod")
        container.register { API() }.named("staging")
        return container
    }

    @Test func misspelledNameListsTheOthersAndSuggestsTheClosest() throws {
        let container = namedAPIs()
        let error = try #require(throws: DIError.self) { try container.resolve(API.self, name: "prdo") }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("2 component(s) of this type have another name or tag: "))
        #expect(error.description.contains("API (name \"prod\") at DICoreTests/ValidationMessageTests.swift:"))
        #expect(error.description.contains("API (name \"staging\") at DICoreTests/ValidationMessageTests.swift:"))
        #expect(error.description.contains("Did you mean name \"prod\"?"))
    }

    @Test func validationSaysTheSameOfAMisspelledName() throws {
        let container = namedAPIs()
        container.register(TakesPrdo.init)
        let finding = try #require(container.validate().errors.first)
        #expect(finding.kind == .missingDependency)
        #expect(finding.message.contains("API (name \"staging\") at DICoreTests/ValidationMessageTests.swift:"))
        #expect(finding.message.contains("Did you mean name \"prod\"?"))
    }

    @Test func anUnqualifiedMissListsTheNamedOnes() throws {
        let container = namedAPIs()
        container.register(Screen.init)
        let finding = try #require(container.validate().errors.first)
        #expect(finding.message.contains("API (name \"prod\") at"))
        #expect(finding.message.contains("Ask for one of them."))
    }

    @Test func aResolverParameterIsReportedAsDynamic() throws {
        let container = DIContainer()
        container.register { (resolver: DIContainer) in Dashboard(resolver: resolver) }
        let report = container.validate()
        #expect(report.isValid)
        let finding = try #require(report.findings.first { $0.kind == .dynamicResolution })
        #expect(finding.severity == .warning)
        #expect(finding.component?.type == Dashboard.self)
        #expect(finding.message.contains("resolves dynamically"))
        #expect(finding.message.contains("DICoreTests/ValidationMessageTests.swift:"))
    }

    @Test func aResolverParameterIsADashedNodeInTheGraph() throws {
        let container = DIContainer()
        container.register { (resolver: DIContainer) in Dashboard(resolver: resolver) }
        container.register(API.init)
        let dot = container.graphvizDOT()
        let dashboard = try #require(dot.split(separator: "\n").first { $0.contains("Dashboard") })
        #expect(dashboard.contains("resolves dynamically"))
        #expect(dashboard.contains("style=dashed"))
        let api = try #require(dot.split(separator: "\n").first { $0.contains("API") })
        #expect(!api.contains("resolves dynamically"))
    }

    /// The error of a synchronous resolve, if it fails.
    private static func syncError<T>(_ type: T.Type, from container: DIContainer) -> DIError? {
        do {
            _ = try container.resolve(T.self)
            return nil
        } catch {
            return error
        }
    }

    @Test func anArgumentMismatchNamesTheRegistrationSite() throws {
        let container = DIContainer()
        container.register(Greeting.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Greeting.self) }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("Greeting at DICoreTests/ValidationMessageTests.swift:"), "\(error)")
    }

    @Test func aMainActorComponentResolvedOffTheMainActorNamesTheRegistrationSite() async throws {
        let container = DIContainer()
        container.register(ViewModel.init)
        // A synchronous resolve on a thread that is not the main one.
        let error = await Task.detached { Self.syncError(ViewModel.self, from: container) }.value
        let found = try #require(error)
        #expect(found.code == .requiresAsync)
        #expect(found.description.contains("ViewModel at DICoreTests/ValidationMessageTests.swift:"), "\(found)")
    }
}
