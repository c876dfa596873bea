import DICore
import DIHierarchy
import DILifetime
import Synchronization
import Testing

private protocol Payments: AnyObject { var name: String { get } }
private final class LivePayments: Payments {
    let name = "live"
    init() {}
}
private final class OtherLivePayments: Payments {
    let name = "other"
    init() {}
}
private final class MockPayments: Payments {
    let name = "mock"
    init() {}
}
private final class Checkout {
    let payments: any Payments
    init(payments: any Payments) { self.payments = payments }
}

/// The app's registrations, as a test would call them.
private func makeAppContainer() -> DIContainer {
    let container = DIContainer()
    container.register(LivePayments.init).as((any Payments).self).default()
    container.register(OtherLivePayments.init).as((any Payments).self)
    container.register(Checkout.init)
    return container
}

@Suite struct OverrideTests {
    @Test func anOverrideWinsOverTheDefault() throws {
        let container = makeAppContainer()
        container.register(MockPayments.init).as((any Payments).self).override()
        #expect(try container.resolve((any Payments).self).name == "mock")
        #expect(try container.resolve(Checkout.self).payments.name == "mock")
        #expect(try container.resolveAll((any Payments).self).count == 3)
        #expect(container.validate().isValid)
    }

    @Test func twoOverridesAreAmbiguous() throws {
        let container = makeAppContainer()
        container.register(MockPayments.init).as((any Payments).self).override()
        container.register { MockPayments() }.as((any Payments).self).override()
        let error = try #require(throws: DIError.self) { try container.resolve((any Payments).self) }
        #expect(error.code == .ambiguous)
        #expect(error.candidates.count == 2)
        #expect(!container.validate().isValid)
    }

    @Test func anOverrideInAChildDecidesForTheChild() throws {
        let app = makeAppContainer()
        let test = DIContainer(parent: app)
        test.register(MockPayments.init).as((any Payments).self).override()
        #expect(try test.resolve((any Payments).self).name == "mock")
        #expect(try app.resolve((any Payments).self).name == "live")
    }
}

private final class ProcessService: Sendable { init() {} }
private final class IsolatedService: Sendable { init() {} }
private final class Launches: Sendable {
    private let value = Atomic(0)
    var count: Int { value.load(ordering: .relaxed) }
    func add() { value.add(1, ordering: .relaxed) }
}

private func registerProcessService(in container: DIContainer, launches: Launches) {
    container.register { () -> ProcessService in
        launches.add()
        return ProcessService()
    }
    .lifetime(.perRun(.strong))
}

private func registerIsolatedService(in container: DIContainer, _ lifetime: DIComponentLifetime) {
    container.register { IsolatedService() }.lifetime(lifetime)
}

@Suite struct ProcessWideResetTests {
    /// Run in a process of its own: a reset affects the whole process, and tests of other
    /// suites run in parallel with this one.
    @Test func aResetGivesTheNextContainersNewInstances() async {
        await #expect(processExitsWith: .success) {
            let launches = Launches()
            let before = DIContainer()
            registerProcessService(in: before, launches: launches)
            let first: ProcessService = before.resolve()
            let again = DIContainer()
            registerProcessService(in: again, launches: launches)
            let shared: ProcessService = again.resolve()
            precondition(shared === first, "without a reset, two containers share the instance")
            DIContainer.resetProcessWideInstances()
            let after = DIContainer()
            registerProcessService(in: after, launches: launches)
            let second: ProcessService = after.resolve()
            precondition(first !== second, "a container registered after the reset gets a new instance")
            precondition(launches.count == 2)
            // A container registered before the reset keeps its instance.
            let kept: ProcessService = before.resolve()
            precondition(kept === first)
        }
    }
}

@Suite struct IsolatedProcessWideTests {
    @Test(arguments: ["perRun", "single"])
    func isolatedCallsDoNotShareInstances(_ name: String) async throws {
        let lifetime: DIComponentLifetime = name == "single" ? .single : .perRun(.strong)
        let first = try DIContainer.withIsolatedProcessWideInstances {
            let container = DIContainer()
            registerIsolatedService(in: container, lifetime)
            let one = try container.resolve(IsolatedService.self)
            // Within one call the instance is shared as usual.
            let other = DIContainer()
            registerIsolatedService(in: other, lifetime)
            #expect(try other.resolve(IsolatedService.self) === one)
            return one
        }
        let second = try await DIContainer.withIsolatedProcessWideInstances {
            await Task.yield()
            let container = DIContainer()
            registerIsolatedService(in: container, lifetime)
            return try await container.resolve(IsolatedService.self)
        }
        #expect(first !== second)
    }
}
