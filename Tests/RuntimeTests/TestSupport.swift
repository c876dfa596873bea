import Synchronization

/// One test's count of the objects it made and freed, and of each object's frees.
final class Ledger: Sendable {
    let made = Atomic<Int>(0)
    let freed = Atomic<Int>(0)
    /// How many times each object, by `Tracked.id`, was freed; an object freed twice shows 2.
    private let frees: [Count]

    /// One atomic count, as an object: an array cannot hold atomics themselves.
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    init(capacity: Int) {
        frees = (0..<capacity).map { _ in Count() }
    }

    func timesFreed(_ id: Int) -> Int { frees[id].value.load(ordering: .sequentiallyConsistent) }

    fileprivate func recordFree(of id: Int) {
        frees[id].value.wrappingAdd(1, ordering: .sequentiallyConsistent)
        freed.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Every object made was freed exactly once.
    var eachFreedOnce: Bool {
        (0..<made.load(ordering: .sequentiallyConsistent)).allSatisfy { timesFreed($0) == 1 }
    }
}

/// An object that records its making and its freeing in its test's ledger.
final class Tracked: Sendable {
    let id: Int
    let ledger: Ledger
    /// False once `deinit` has begun: a reader that sees it false holds a freed object.
    let isAlive = Atomic<Bool>(true)

    init(_ ledger: Ledger) {
        self.ledger = ledger
        id = ledger.made.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
    }

    deinit {
        isAlive.store(false, ordering: .sequentiallyConsistent)
        ledger.recordFree(of: id)
    }
}
