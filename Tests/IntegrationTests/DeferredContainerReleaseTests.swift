import DICore
import DIHierarchy
import DILifetime
import Testing

private final class Leaf: Sendable {
    init() {}
}
/// A cached instance that holds a `Lazy` and a `Provider` made from the container that built it.
private final class Holder: Sendable {
    let lazy: Lazy<Leaf>
    let provider: Provider<Leaf>
    init(lazy: Lazy<Leaf>, provider: Provider<Leaf>) {
        self.lazy = lazy
        self.provider = provider
    }
}

/// A `Lazy` or `Provider` does not keep the container it was made from alive: a read after the
/// container is gone is a `.notRegistered` error saying so (a trap for the trapping forms).
@Suite struct DeferredContainerReleaseTests {
    @Test func aKeptLazyLetsItsContainerGo() throws {
        weak var gone: DIContainer?
        let lazy: Lazy<Leaf>
        do {
            let child = DIContainer()
            child.register(Leaf.init)
            lazy = try child.resolve(Lazy<Leaf>.self)
            gone = child
        }
        #expect(gone == nil)
        let error = try #require(throws: DIError.self) { try lazy.resolvedValue() }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("Leaf"))
        #expect(error.description.contains("Its container is gone"))
    }

    @Test func aKeptProviderLetsItsContainerGo() throws {
        weak var gone: DIContainer?
        let provider: Provider<Leaf>
        do {
            let child = DIContainer()
            child.register(Leaf.init)
            provider = try child.resolve(Provider<Leaf>.self)
            gone = child
        }
        #expect(gone == nil)
        let error = try #require(throws: DIError.self) { try provider.resolve() }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("Its container is gone"))
        let withArguments = try #require(throws: DIError.self) { try provider.resolve(arguments: 1) }
        #expect(withArguments.description.contains("Its container is gone"))
    }

    @Test func anAwaitedReadAfterTheContainerIsGoneThrows() async throws {
        let provider = try DIContainer.makeLeafProvider()
        let lazy = try DIContainer.makeLeafLazy()
        let error = try await #require(throws: DIError.self) { try await provider.resolve() }
        #expect(error.description.contains("Its container is gone"))
        let lazyError = try await #require(throws: DIError.self) { try await lazy.resolvedValue() }
        #expect(lazyError.description.contains("Its container is gone"))
    }

    @Test func aCachedInstanceHoldingThemLetsEachRequestsChildGo() throws {
        let parent = DIContainer()
        parent.register(Leaf.init)
        weak var gone: DIContainer?
        let holder: Holder
        do {
            // A child per request, whose component is cached process-wide.
            let child = DIContainer(parent: parent)
            child.register(Holder.init).lifetime(.perRun(.strong))
            holder = try child.resolve(Holder.self)
            gone = child
        }
        #expect(gone == nil)
        #expect(throws: DIError.self) { try holder.lazy.resolvedValue() }
        #expect(throws: DIError.self) { try holder.provider.resolve() }
    }

    @Test func aLazyStillReadsWhileItsContainerLives() throws {
        let container = DIContainer()
        container.register(Leaf.init).lifetime(.perContainer(.strong))
        let lazy = try container.resolve(Lazy<Leaf>.self)
        #expect(try lazy.resolvedValue() === container.resolve(Leaf.self))
    }

    @Test func theTrappingReadOfAProviderWhoseContainerIsGoneTraps() async {
        await #expect(processExitsWith: .failure) {
            let provider = try! DIContainer.makeLeafProvider()
            _ = provider()
        }
    }

    @Test func theTrappingReadOfALazyWhoseContainerIsGoneTraps() async {
        await #expect(processExitsWith: .failure) {
            let lazy = try! DIContainer.makeLeafLazy()
            _ = lazy()
        }
    }
}

extension DIContainer {
    /// A `Provider` made from a container that is gone once this returns.
    fileprivate static func makeLeafProvider() throws -> Provider<Leaf> {
        let container = DIContainer()
        container.register(Leaf.init)
        return try container.resolve(Provider<Leaf>.self)
    }

    /// A `Lazy` made from a container that is gone once this returns.
    fileprivate static func makeLeafLazy() throws -> Lazy<Leaf> {
        let container = DIContainer()
        container.register(Leaf.init)
        return try container.resolve(Lazy<Leaf>.self)
    }
}
