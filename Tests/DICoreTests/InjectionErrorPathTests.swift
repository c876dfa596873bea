import DICore
import Testing

// Issue 36, point 9: an error of a property injection had a path starting at the injected
// component, not at what the resolve was asked for.

private final class Missing: Sendable {}
private final class Injected: @unchecked Sendable {
    // NB: @unchecked: set by its injection during the resolve that builds it, read after.
    var missing: Missing?
    var inner: Inner?
    init() {}
}
private final class Inner: @unchecked Sendable {
    // NB: @unchecked: set by its injection during the resolve that builds it, read after.
    var missing: Missing?
    init() {}
}
private final class Top: Sendable {
    let injected: Injected
    init(injected: Injected) { self.injected = injected }
}

@Suite struct InjectionErrorPathTests {
    /// `Top` takes `Injected`, whose property injection needs the unregistered `Missing`: the
    /// path is Top → Injected, and the message reads from `Top` on.
    @Test func anInjectionsErrorPathStartsAtTheRequest() throws {
        let container = DIContainer()
        container.register(Injected.init).injection { (injected: Injected, missing: Missing) in injected.missing = missing }
        container.register(Top.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Top.self) }
        #expect(error.code == .notRegistered)
        #expect(error.path.map { "\($0.type)" } == ["Top", "Injected"])
        let steps = error.path.map(\.description) + ["\(readableName(of: Missing.self))"]
        #expect(error.description.hasSuffix("Resolution path: " + steps.joined(separator: " -> ")))
    }

    /// An instance built by an injection, whose own injection fails: the path runs from the
    /// request through the first injected component to the second.
    @Test func anInjectionInsideAnInjectionContinuesThePath() throws {
        let container = DIContainer()
        container.register(Injected.init).injection { (injected: Injected, inner: Inner) in injected.inner = inner }
        container.register(Inner.init).injection { (inner: Inner, missing: Missing) in inner.missing = missing }
        container.register(Top.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Top.self) }
        #expect(error.path.map { "\($0.type)" } == ["Top", "Injected", "Inner"])
    }

    /// Asked for at the top, the injected component starts the path, as before.
    @Test func anInjectionOfTheRequestedComponentStartsAtIt() throws {
        let container = DIContainer()
        container.register(Injected.init).injection { (injected: Injected, missing: Missing) in injected.missing = missing }
        let error = try #require(throws: DIError.self) { try container.resolve(Injected.self) }
        #expect(error.path.map { "\($0.type)" } == ["Injected"])
    }

    /// The awaited door says the same.
    @Test func anAwaitedResolveSaysTheSame() async throws {
        let container = DIContainer()
        container.register(Injected.init).injection { (injected: Injected, missing: Missing) in injected.missing = missing }
        container.register(Top.init)
        let error = try await #require(throws: DIError.self) { try await container.resolve(Top.self) }
        #expect(error.path.map { "\($0.type)" } == ["Top", "Injected"])
    }
}
