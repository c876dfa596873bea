import DICore
import DILifetime
import Testing

// The Testing article's trait (issue 28.6), as the article shows it, and tests that use it.
// The library's modules do not import Testing: the trait is the app's test code.

private protocol Payments: AnyObject, Sendable { var name: String { get } }
private final class LivePayments: Payments {
    let name = "live"
    init() {}
}
private final class MockPayments: Payments {
    let name = "mock"
    init() {}
}
/// A process-wide service: one instance per process unless isolated.
private final class AppSession: Sendable { init() {} }
private final class Checkout: Sendable {
    let payments: any Payments
    let session: AppSession
    init(payments: any Payments, session: AppSession) {
        self.payments = payments
        self.session = session
    }
}

/// The app's registrations, as the app's own target would expose them.
private func makeAppContainer() -> DIContainer {
    let container = DIContainer()
    container.register(LivePayments.init).as((any Payments).self)
    container.register(AppSession.init).lifetime(.single)
    container.register(Checkout.init)
    return container
}

// -- The article's trait, from here ---------------------------------------------------------

/// The container of the test running in this task.
enum TestContainer {
    @TaskLocal static var current = DIContainer()
}

/// Gives each test its own app container, with its own process-wide instances and the
/// overrides given.
struct AppContainerTrait: TestTrait, SuiteTrait, TestScoping {
    let overrides: @Sendable (DIContainer) -> Void

    /// On a suite, each of its tests gets its own container.
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await DIContainer.withIsolatedProcessWideInstances {
            let container = makeAppContainer()
            overrides(container)
            try await TestContainer.$current.withValue(container) {
                try await function()
            }
        }
    }
}

extension Trait where Self == AppContainerTrait {
    /// The app's container, isolated, with `overrides` registered on it.
    static func appContainer(overrides: @escaping @Sendable (DIContainer) -> Void = { _ in }) -> Self {
        AppContainerTrait(overrides: overrides)
    }
}

// -- to here. -------------------------------------------------------------------------------

/// What one test saw, for the test that compares two runs: the instances themselves, kept
/// alive, so that a second instance cannot take a freed first one's address.
private actor Seen {
    var sessions: [AppSession] = []
    func add(_ session: AppSession) { sessions.append(session) }
}

@Suite struct TestTraitTests {
    @Test(.appContainer { $0.register(MockPayments.init).as((any Payments).self).override() })
    func aTestGetsTheOverrides() throws {
        let checkout = try TestContainer.current.resolve(Checkout.self)
        #expect(checkout.payments.name == "mock")
    }

    @Test(.appContainer())
    func aTestWithoutOverridesGetsTheApp() throws {
        #expect(try TestContainer.current.resolve(Checkout.self).payments.name == "live")
    }

    @Test func eachScopeHasItsOwnProcessWideInstances() async throws {
        let trait = AppContainerTrait.appContainer()
        let test = try #require(Test.current)
        let seen = Seen()
        for _ in 0..<2 {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let container = TestContainer.current
                let session = try await container.resolve(AppSession.self)
                let again = try await container.resolve(AppSession.self)
                #expect(again === session)
                await seen.add(session)
            }
        }
        let sessions = await seen.sessions
        #expect(sessions.count == 2 && sessions[0] !== sessions[1])
    }
}

@Suite(.appContainer { $0.register(MockPayments.init).as((any Payments).self).override() })
struct TestTraitOnASuiteTests {
    @Test func everyTestOfTheSuiteGetsTheOverrides() throws {
        #expect(try TestContainer.current.resolve(Checkout.self).payments.name == "mock")
    }

    @Test(arguments: 0..<3) func eachCaseHasItsOwnContainer(_ index: Int) throws {
        // A fresh container per case: registering here does not leak to the other cases.
        #expect(TestContainer.current.registrations.count == 4)
        TestContainer.current.register { "case \(index)" }
    }
}

/// The Testing article's other snippets: throwing resolves fail one test, not the run.
@Suite struct TestingArticleTests {
    @Test func checkoutResolves() throws {
        let container = makeAppContainer()
        let checkout = try container.resolve(Checkout.self)  // an error fails this test only
        #expect(checkout.payments.name == "live")
    }

    @Test func checkoutNeedsPayments() {
        let container = DIContainer()
        container.register(Checkout.init)
        let error = #expect(throws: DIError.self) { try container.resolve(Checkout.self) }
        #expect(error?.code == .notRegistered)
    }

    @Test func theAppGraphIsValid() {
        let container = makeAppContainer()
        #expect(container.validate().isValid)
        #expect(container.isRegistered((any Payments).self))
    }
}
