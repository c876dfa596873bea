import DICore
import Dispatch
import Testing

@Suite struct InjectionTests {
    @Test func injectsAPropertyByKeyPath() throws {
        let container = DIContainer()
        container.register { "Tom" }
        container.register(Child.init).injection(\.name)
        #expect(try container.resolve(Child.self).name == "Tom")
    }

    @Test func optionalPropertyStaysNilWhenNotRegistered() throws {
        let container = DIContainer()
        container.register(Child.init).injection(\.name)
        #expect(try container.resolve(Child.self).name == nil)
    }

    @Test func closureInjectionResolvesItsParameters() throws {
        let container = DIContainer()
        container.register { "Tom" }
        container.register { 7 }
        container.register(Child.init).injection { (child: Child, name: String, age: Int) in
            child.name = "\(name) \(age)"
        }
        #expect(try container.resolve(Child.self).name == "Tom 7")
    }

    @Test func injectionFailureNamesThePath() throws {
        let container = DIContainer()
        container.register(Child.init).injection { (child: Child, bowl: Bowl) in _ = bowl }
        let error = try #require(throws: DIError.self) { try container.resolve(Child.self) }
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Bowl.self))
        #expect(error.path.last.map { ObjectIdentifier($0.type) } == ObjectIdentifier(Child.self))
    }
}

// MARK: - Issue 25, point 5: a property-injection cycle of `.prototype` components

private final class CycleP: @unchecked Sendable {
    // NB: @unchecked: set once by the resolve's injection, before the instance is handed out.
    var q: CycleQ?
    init() {}
}
private final class CycleQ: @unchecked Sendable {
    // NB: @unchecked: as `CycleP`.
    var p: CycleP?
    init() {}
}

/// What a resolve run on its own thread ended with, or `nil` if it had not ended by the
/// deadline.
private func outcome(within seconds: Int, _ body: @escaping @Sendable () -> DIError.Code?) -> DIError.Code?? {
    final class Result: @unchecked Sendable {
        // NB: @unchecked: written by the thread before it signals, read only after the wait.
        var code: DIError.Code??
        let done = DispatchSemaphore(value: 0)
    }
    let result = Result()
    DispatchQueue.global().async {
        result.code = .some(body())
        result.done.signal()
    }
    guard result.done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
    return result.code
}

@Suite struct InjectionCycleTests {
    /// Each injection made a new instance whose injection made another.
    ///
    /// The resolve never returned. It is a `.cycle` naming the steps.
    @Test func prototypesInjectedIntoEachOthersPropertiesAreACycle() throws {
        let container = DIContainer()
        container.register { CycleP() }.injection(\.q)
        container.register { CycleQ() }.injection(\.p)
        let ended = outcome(within: 60) { () -> DIError.Code? in
            do throws(DIError) {
                _ = try container.resolve(CycleP.self)
                return nil
            } catch {
                return error.code
            }
        }
        // The watchdog: `nil` is a resolve still running after 60 s.
        let code = try #require(ended, "the resolve never ends")
        #expect(code == .cycle)
        do {
            _ = try container.resolve(CycleP.self)
        } catch {
            let steps = error.description
            #expect(steps.contains("CycleP") && steps.contains("CycleQ"))
        }
    }
}

// MARK: - Issue 35, point 3: injection into a component registered as a class-bound protocol

private protocol AccountLogger: AnyObject, Sendable {}
private final class PrintLogger: AccountLogger {}
private protocol AccountService: AnyObject, Sendable {
    var logger: (any AccountLogger)? { get set }
}
private final class AppAccountService: AccountService, @unchecked Sendable {
    // NB: @unchecked: set once by the resolve's injection, before the instance is handed out.
    var logger: (any AccountLogger)?
    init() {}
}

@Suite struct ProtocolInjectionTests {
    /// A factory registering the protocol type itself: the closure injection gets the
    /// instance as the protocol and sets its property (Swinject's `initCompleted`).
    @Test func closureInjectionIntoAProtocolComponent() throws {
        let container = DIContainer()
        container.register { () -> any AccountLogger in PrintLogger() }
        container.register { () -> any AccountService in AppAccountService() }
            .injection { (service: any AccountService, logger: any AccountLogger) in service.logger = logger }
        let service = try container.resolve((any AccountService).self)
        #expect(service.logger is PrintLogger)
    }

    /// The key-path form through the protocol's settable requirement.
    @Test func keyPathInjectionIntoAProtocolComponent() throws {
        let container = DIContainer()
        container.register { () -> any AccountLogger in PrintLogger() }
        container.register { () -> any AccountService in AppAccountService() }.injection(\.logger)
        #expect(try container.resolve((any AccountService).self).logger is PrintLogger)
    }

    /// A `postInit` sees the injected property, as it does for a class.
    @Test func postInitAfterAProtocolInjection() throws {
        let container = DIContainer()
        container.register { () -> any AccountLogger in PrintLogger() }
        container.register { () -> any AccountService in AppAccountService() }
            .injection(\.logger)
            .postInit { (service: any AccountService) in
                if service.logger == nil { throw ProtocolInjectionFailure() }
            }
        #expect(try container.resolve((any AccountService).self).logger != nil)
    }
}

private struct ProtocolInjectionFailure: Error {}
