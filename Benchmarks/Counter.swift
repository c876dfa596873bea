import Synchronization

/// Counts factory calls: the misses of a caching scenario.
final class Counter: Sendable {
    private let value = Atomic(0)

    var count: Int { value.load(ordering: .relaxed) }

    func increment() { value.wrappingAdd(1, ordering: .relaxed) }

    /// Adds one and returns the count before.
    func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}
