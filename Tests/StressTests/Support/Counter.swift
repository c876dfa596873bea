import Synchronization

/// A count shared by the threads of one test (each test makes its own).
final class Counter: Sendable {
    private let value = Atomic(0)

    var count: Int { value.load(ordering: .sequentiallyConsistent) }

    func increment() { value.wrappingAdd(1, ordering: .sequentiallyConsistent) }

    /// Adds one and returns the new count: a number unique among this counter's callers.
    func next() -> Int { value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }
}
