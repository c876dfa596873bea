import Synchronization

/// Counts events (factory runs, failures) from any number of threads at once.
///
/// Give each test its own counter: Swift Testing runs tests in parallel, so a counter shared by
/// two tests would count both.
///
/// ```swift
/// let made = Counter()
/// container.register { () -> Cat in made.increment(); return Cat() }
/// #expect(made.count == 0)
/// ```
public final class Counter: Sendable {
    private let value = Atomic(0)

    /// Makes a counter at zero.
    public init() {}

    /// How many times the counter was incremented so far.
    public var count: Int { value.load(ordering: .relaxed) }

    /// Adds one.
    public func increment() { value.wrappingAdd(1, ordering: .relaxed) }

    /// Adds one and returns the new count, for factories that number what they make.
    ///
    /// - Returns: The count after this increment (1 for the first call).
    @discardableResult
    public func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
