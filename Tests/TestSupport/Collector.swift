import DICore

/// Collects values from many threads at once.
///
/// ```swift
/// let seen = Collector<ObjectIdentifier>()
/// DispatchQueue.concurrentPerform(iterations: 8) { _ in seen.append(ObjectIdentifier(container.resolve() as Cat)) }
/// #expect(Set(seen.all).count == 1)
/// ```
public final class Collector<Value: Sendable>: Sendable {
    private let values = Protected<[Value]>([])

    /// Makes an empty collector.
    public init() {}

    /// Every value collected so far, in the order the appends took the lock.
    public var all: [Value] { values.withLock { $0 } }

    /// Adds `value`.
    ///
    /// - Parameter value: The value to keep.
    public func append(_ value: Value) { values.withLock { $0.append(value) } }

    /// Drops every value collected.
    public func removeAll() { values.withLock { $0.removeAll() } }
}
