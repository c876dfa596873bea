import DICore
import Foundation
import Testing

// An awaited resolve with nothing to await is the synchronous resolve, run where its caller
// runs (`nonisolated(nonsending)`): called on the main actor, its factories run on the main
// actor's thread, through every awaited door (the container's, `Lazy`'s and `Provider`'s).

/// The thread a factory ran on.
private final class Probe: Sendable {
    let thread = pthread_self()
}

@Suite struct AwaitedIsolationTests {
    @MainActor
    @Test func anAwaitedResolveWithNothingToAwaitBuildsWhereItsCallerRuns() async throws {
        let container = DIContainer()
        container.register { Probe() }
        container.register { Probe() }.named("named")
        let caller = pthread_self()
        let plain = try await container.resolve(Probe.self)
        #expect(pthread_equal(plain.thread, caller) != 0)
        let renamed = try await container.resolveAsync(Probe.self)
        #expect(pthread_equal(renamed.thread, caller) != 0)
        let named = try await container.resolveAsync(Probe.self, name: "named")
        #expect(pthread_equal(named.thread, caller) != 0)
        let lazy = try await container.resolve(Lazy<Probe>.self).resolvedValue()
        #expect(pthread_equal(lazy.thread, caller) != 0)
        let provided = try await container.resolve(Provider<Probe>.self).resolve()
        #expect(pthread_equal(provided.thread, caller) != 0)
    }
}
