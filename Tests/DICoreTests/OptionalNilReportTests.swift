import DICore
import Synchronization
import Testing

/// Records the `nil`s of the optional resolve that its container reports; each test has its own.
private final class NilRecorder: DIObserver {
    let nils = Protected<[(type: String, code: DIError.Code)]>([])

    func container(_ container: DIContainer, didReturnNilFor type: Any.Type, error: DIError) {
        nils.withLock { $0.append((String(describing: type), error.code)) }
    }

    var reported: [String] { nils.withLock { $0.map { "\($0.type): \($0.code)" } } }
}

private final class Screen {
    let owner: Owner?
    init(owner: Owner?) { self.owner = owner }
}

private struct Refused: Error {}

@Suite struct OptionalNilReportTests {
    @Test func nilOfARegisteredComponentThatFailsReachesTheObservers() {
        let container = DIContainer()
        let recorder = NilRecorder()
        container.addObserver(recorder)
        container.register(Owner.init)
        container.register { () throws -> Bowl in throw Refused() }
        let owner: Owner? = container.resolve()
        let bowl: Bowl? = container.resolve()
        #expect(owner == nil && bowl == nil)
        #expect(recorder.reported == ["Owner: notRegistered", "Bowl: factoryFailed"])
    }

    @Test func nilOfATypeNothingRegistersIsSilent() {
        let container = DIContainer()
        let recorder = NilRecorder()
        container.addObserver(recorder)
        let dog: Dog? = container.resolve()
        let named: Cat? = container.resolve(name: "missing")
        #expect(dog == nil && named == nil)
        #expect(recorder.reported.isEmpty)
    }

    @Test func nilInsideAFactoryIsReportedToo() throws {
        let container = DIContainer()
        let recorder = NilRecorder()
        container.addObserver(recorder)
        container.register(Owner.init)
        container.register { (resolver: DIContainer) in Screen(owner: resolver.resolve()) }
        let screen = try container.resolve(Screen.self)
        #expect(screen.owner == nil)
        #expect(recorder.reported == ["Owner: notRegistered"])
    }

    @Test func namedNilOfARegisteredComponentThatFailsIsReported() {
        let container = DIContainer()
        let recorder = NilRecorder()
        container.addObserver(recorder)
        container.register { () throws -> Bowl in throw Refused() }.named("broken")
        let bowl: Bowl? = container.resolve(name: "broken")
        #expect(bowl == nil)
        #expect(recorder.reported == ["Bowl: factoryFailed"])
    }
}
