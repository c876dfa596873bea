import Synchronization

/// Counts the objects a test makes and frees, so a leak or a double free shows; each test owns
/// its own.
final class LifeCount: Sendable {
    private let madeCount = Atomic(0)
    private let freedCount = Atomic(0)

    var made: Int { madeCount.load(ordering: .acquiring) }
    var freed: Int { freedCount.load(ordering: .acquiring) }
    var alive: Int { made - freed }

    func didMake() { madeCount.wrappingAdd(1, ordering: .relaxed) }
    func didFree() { freedCount.wrappingAdd(1, ordering: .releasing) }
}

/// An object counted by a ``LifeCount`` from its making to its freeing, carrying a value to
/// check it is read intact.
final class Counted: Sendable {
    let value: UInt
    private let count: LifeCount

    init(_ value: UInt, _ count: LifeCount) {
        self.value = value
        self.count = count
        count.didMake()
    }

    deinit { count.didFree() }
}
