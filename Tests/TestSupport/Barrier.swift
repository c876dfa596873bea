import Dispatch
import Synchronization

/// Lets a fixed number of threads continue only once all of them have arrived.
///
/// ```swift
/// let barrier = Barrier(parties: 2)
/// DispatchQueue.concurrentPerform(iterations: 2) { _ in
///     barrier.arriveAndWait()  // both threads start the racing work together
/// }
/// ```
public final class Barrier: Sendable {
    private let arrived = Atomic<Int>(0)
    private let parties: Int
    private let gate = DispatchSemaphore(value: 0)

    /// Makes a barrier for `parties` threads.
    ///
    /// - Parameter parties: How many threads must arrive before any continues.
    public init(parties: Int) {
        self.parties = parties
    }

    /// Blocks until `parties` threads have called it; later calls pass at once.
    public func arriveAndWait() {
        let count = arrived.add(1, ordering: .acquiringAndReleasing).newValue
        if count < parties {
            gate.wait()
        } else if count == parties {
            for _ in 1..<parties { gate.signal() }
        }
    }
}
