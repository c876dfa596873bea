import Synchronization

/// A generation counter whose advance waits out the work begun under the generation it ends.
///
/// The primitive of caches a user's code can empty while a build is under way (a scope's
/// `clean()`): a build keeps its instance only ``ifCurrent(_:_:)`` its generation is still the
/// current one, and ``advance()`` returns only once no such keep of the old generation is
/// running. A clean that advances, then empties the storage, therefore never leaves behind an
/// instance whose build began before it: either the keep saw the new generation and kept
/// nothing, or it had stored already and the emptying removes it.
///
/// Work in flight is counted in one of two counters, chosen by its generation's parity, so an
/// advance waits only for work of the generation it ends (work that starts later sees the new
/// generation and does nothing).
///
/// Contract: do not call ``advance()`` from an ``ifCurrent(_:_:)`` body (it would wait for
/// itself); a body must not block on work that waits for an advance.
///
/// Guarded by `GenerationGateTests` (a race test: no body of an ended generation runs after
/// its advance returns).
package final class GenerationGate: Sendable {
    private let generation = Atomic<Int>(0)
    private let inFlight = EpochCounters()

    package init() {}

    /// The current generation.
    package var current: Int { generation.load(ordering: .sequentiallyConsistent) }

    /// Runs `body` if `generation` is still the current one; an ``advance()`` that ends
    /// `generation` waits until `body` has returned.
    package func ifCurrent(_ generation: Int, _ body: () -> Void) {
        // NB: sequentially consistent, as `advance`: a keep whose count the advance did not see
        // loads the generation after the advance stored the new one, and so does nothing.
        inFlight.add(1, epoch: generation)
        defer { inFlight.add(-1, epoch: generation) }
        guard self.generation.load(ordering: .sequentiallyConsistent) == generation else { return }
        body()
    }

    /// Starts a new generation, and returns once no ``ifCurrent(_:_:)`` body of the old one
    /// is running.
    package func advance() {
        let old = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        while inFlight.count(epoch: old) != 0 {
            yieldThread()
        }
    }
}
