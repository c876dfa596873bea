import Dispatch
import Synchronization

/// An instance numbered in the order it was made, for tests that tell a fresh instance from a
/// dropped one.
public final class Numbered: Sendable {
    /// Its place in the order of making, from 1.
    public let number: Int

    /// Makes the instance numbered `number`.
    public init(number: Int) { self.number = number }
}

/// Races cache hits against `clean`: one thread resolves, cleans and resolves again `rounds`
/// times while two others resolve all along.
///
/// - Parameters:
///   - rounds: How many times the first thread cleans.
///   - resolve: Resolves the cached component.
///   - clean: Drops the cached instance.
/// - Returns: How many resolves got an instance that a finished `clean` had already dropped
///   (one made before it): 0 when cleaning drops at once.
public func staleHitsWhileCleaning(
    rounds: Int,
    resolve: @escaping @Sendable () -> Numbered,
    clean: @escaping @Sendable () -> Void
) -> Int {
    // The number of the last instance a finished `clean` dropped: every instance made before
    // it has a smaller one.
    let dropped = Atomic(0)
    let stale = Atomic(0)
    let cleaning = Atomic(true)
    DispatchQueue.concurrentPerform(iterations: 3) { index in
        if index == 0 {
            for _ in 0..<rounds {
                let before = resolve()
                clean()
                dropped.store(before.number, ordering: .releasing)
                let after = resolve()
                if after === before || after.number <= before.number { stale.wrappingAdd(1, ordering: .relaxed) }
            }
            cleaning.store(false, ordering: .releasing)
        } else {
            while cleaning.load(ordering: .acquiring) {
                let floor = dropped.load(ordering: .acquiring)
                if resolve().number <= floor { stale.wrappingAdd(1, ordering: .relaxed) }
            }
        }
    }
    return stale.load(ordering: .relaxed)
}
