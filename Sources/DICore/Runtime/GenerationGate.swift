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
/// The same gate guards ``ClearableSlot``'s lock-free readers: a reader loads and retains the
/// instance in a body of the current generation, and a writer that unpublished the instance
/// advances before it lets the instance go, so no reader still holds it unretained; a
/// container's gate guards the readers of its bindings the same way, the registry advancing
/// it before it frees a replaced binding (`BindingSlotTests`).
///
/// Work in flight is counted in and out in one of two pairs of counters, chosen by its
/// generation's parity, so an advance waits only for work of the generation it ends (work that
/// starts later sees the new generation and does nothing): a stream of newcomers cannot keep
/// it waiting.
///
/// Contract: do not call ``advance()`` from an ``ifCurrent(_:_:)`` body (it would wait for
/// itself); a body must not block on work that waits for an advance.
///
/// Guarded by `GenerationGateTests` (a race test: no body of an ended generation runs after
/// its advance returns) and `ClearableSlotTests` (no instance freed under a reader).
package struct GenerationGate: ~Copyable, Sendable {
    private let generation = Atomic<Int>(0)
    /// Bodies counted in and out (wrapping): those in flight under a parity are its `entered`
    /// minus its `left`.
    private let entered = EpochCounters()
    private let left = EpochCounters()

    package init() {}

    /// The current generation.
    package var current: Int { generation.load(ordering: .sequentiallyConsistent) }

    /// Runs `body` if `generation` is still the current one; an ``advance()`` that ends
    /// `generation` waits until `body` has returned.
    @inline(__always) package func ifCurrent(_ generation: Int, _ body: () -> Void) {
        // NB: sequentially consistent, as `advance`: a keep whose count the advance did not see
        // loads the generation after the advance stored the new one, and so does nothing.
        entered.add(1, epoch: generation)
        // NB: sequentially consistent, so releasing: what the body did happens before an
        // advance that sees this count returns.
        defer { left.add(1, epoch: generation) }
        guard self.generation.load(ordering: .sequentiallyConsistent) == generation else { return }
        body()
    }

    /// Starts a new generation, and returns once no ``ifCurrent(_:_:)`` body of the old one
    /// is running.
    package func advance() {
        let old = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        while left.count(epoch: old) != entered.count(epoch: old) {
            yieldThread()
        }
    }

    /// How many ``ifCurrent(_:_:)`` calls have returned, whether their body ran or not.
    var ended: Int { left.total }

    #if DI_CHECK_INVARIANTS
        /// Checks that no generation has more bodies counted out than in.
        func _checkInvariants() {
            // Each parity's `left` first: a body counts in before it counts out.
            let (leftEven, leftOdd) = (left.count(epoch: 0), left.count(epoch: 1))
            let inFlight = (entered.count(epoch: 0) &- leftEven, entered.count(epoch: 1) &- leftOdd)
            precondition(inFlight.0 >= 0 && inFlight.1 >= 0, "a body counted out more than in")
        }
    #endif
}
