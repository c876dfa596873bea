import Synchronization

/// Two counters, one for even epochs and one for odd ones: a writer that flips the epoch
/// waits only for what was counted under the old one, while what starts later counts under the
/// new one, so a stream of newcomers cannot keep it waiting.
///
/// The counting shape of ``GenerationGate`` (bodies in and out). Every operation is
/// sequentially consistent, as the gate needs.
///
/// Guarded by `GenerationGateTests` and `ClearableSlotTests` (race tests of the gate).
struct EpochCounters: ~Copyable, Sendable {
    private let even = Atomic<Int>(0)
    private let odd = Atomic<Int>(0)

    init() {}

    /// Adds `delta`, wrapping, to the counter of `epoch`'s parity.
    @inline(__always) func add(_ delta: Int, epoch: Int) {
        if epoch & 1 == 0 {
            even.wrappingAdd(delta, ordering: .sequentiallyConsistent)
        } else {
            odd.wrappingAdd(delta, ordering: .sequentiallyConsistent)
        }
    }

    /// The counter of `epoch`'s parity.
    @inline(__always) func count(epoch: Int) -> Int {
        epoch & 1 == 0 ? even.load(ordering: .sequentiallyConsistent) : odd.load(ordering: .sequentiallyConsistent)
    }

    /// Both counters, summed with wrapping.
    var total: Int { even.load(ordering: .relaxed) &+ odd.load(ordering: .relaxed) }
}
