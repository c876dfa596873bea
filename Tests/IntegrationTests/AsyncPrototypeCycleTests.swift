import DICore
import Synchronization
import Testing

// Issue 36, point 4: an async `.prototype` factory awaiting a resolve of its own type through
// the captured container was never `.cycle` (thousands of nested factory calls, memory growing).
// The synchronous door's shape is `.cycle` once the path repeats past its check depth; the
// awaited door now continues the path through the async factories it is nested in, and agrees.

private final class Recursive: Sendable {}
private final class Ping: Sendable {}
private final class Pong: Sendable {}

/// Thrown by a factory called more often than any answer needs: the old code's endless
/// recursion ends here instead of growing without bound.
private struct TooManyCalls: Error {}

/// How many calls a factory allows before it throws ``TooManyCalls``.
private let callBound = 200

@Suite struct AsyncPrototypeCycleTests {
    @Test func anAsyncPrototypeAwaitingItselfIsACycleAsOnTheSynchronousDoor() async throws {
        let asyncContainer = DIContainer()
        let asyncCalls = Atomic<Int>(0)
        asyncContainer.register { () async throws -> Recursive in
            guard asyncCalls.add(1, ordering: .relaxed).newValue <= callBound else { throw TooManyCalls() }
            _ = try await asyncContainer.resolve(Recursive.self)
            return Recursive()
        }
        let syncContainer = DIContainer()
        let syncCalls = Atomic<Int>(0)
        syncContainer.register { () throws -> Recursive in
            guard syncCalls.add(1, ordering: .relaxed).newValue <= callBound else { throw TooManyCalls() }
            _ = try syncContainer.resolve(Recursive.self)
            return Recursive()
        }
        let awaited = try await #require(throws: DIError.self) { try await asyncContainer.resolve(Recursive.self) }
        let synchronous = try #require(throws: DIError.self) { try syncContainer.resolve(Recursive.self) }
        #expect(synchronous.code == .cycle)
        #expect(awaited.code == .cycle)
        #expect(asyncCalls.load(ordering: .relaxed) == syncCalls.load(ordering: .relaxed))
        #expect(awaited.path.count == synchronous.path.count)
    }

    /// Two async prototypes awaiting each other: the lap of two is found the same way.
    @Test func twoAsyncPrototypesAwaitingEachOtherAreACycle() async throws {
        let container = DIContainer()
        let calls = Atomic<Int>(0)
        container.register { () async throws -> Ping in
            guard calls.add(1, ordering: .relaxed).newValue <= callBound else { throw TooManyCalls() }
            _ = try await container.resolve(Pong.self)
            return Ping()
        }
        container.register { () async throws -> Pong in
            guard calls.add(1, ordering: .relaxed).newValue <= callBound else { throw TooManyCalls() }
            _ = try await container.resolve(Ping.self)
            return Pong()
        }
        let error = try await #require(throws: DIError.self) { try await container.resolve(Ping.self) }
        #expect(error.code == .cycle)
        guard case .cycle = error.code else { return }
        let lap = ([Ping.self, Pong.self, Ping.self] as [Any.Type]).map { readableName(of: $0) }.joined(separator: " -> ")
        #expect(error.description.contains(lap))
    }

    /// The awaited door's other entries (a `Provider`'s awaited read) continue the path too.
    @Test func anAwaitedProviderReadInsideItsOwnFactoryIsACycle() async throws {
        let container = DIContainer()
        let calls = Atomic<Int>(0)
        container.register { (next: Provider<Recursive>) async throws -> Recursive in
            guard calls.add(1, ordering: .relaxed).newValue <= callBound else { throw TooManyCalls() }
            _ = try await next.resolve()
            return Recursive()
        }
        let error = try await #require(throws: DIError.self) { try await container.resolve(Recursive.self) }
        #expect(error.code == .cycle)
    }
}
