import Synchronization

/// How many threads are between loading a value another thread may free and retaining it: a
/// writer that replaced the value frees the old one only when it sees the count at zero.
///
/// Contract: a reader calls ``enter()``, loads and retains, then ``leave()``, on one thread,
/// never across a suspension; a writer publishes the new value with a sequentially consistent
/// store, then frees the old one only if ``isZero``. A reader counted in after that load reads
/// the new value (all three operations are sequentially consistent with the publication).
///
/// The count is written by every lookup off the resolver's hot path: its owner keeps it off
/// the cache lines its hot fields sit on (a container declares it first, and its registry,
/// written only under its lock, lies between the count and the fields every resolve reads).
///
/// Guarded by `ReaderCountTests`.
struct ReaderCount: ~Copyable, Sendable {
    private let count = Atomic<Int>(0)

    init() {}

    /// Counts a reader in.
    func enter() { count.wrappingAdd(1, ordering: .sequentiallyConsistent) }

    /// Counts a reader out.
    func leave() { count.wrappingSubtract(1, ordering: .sequentiallyConsistent) }

    /// Whether no reader is counted in (sequentially consistent with `enter()`).
    var isZero: Bool { count.load(ordering: .sequentiallyConsistent) == 0 }
}
