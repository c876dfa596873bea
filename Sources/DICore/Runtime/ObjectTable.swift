/// An insert-only table from a word to an object, for process-wide answers that never change:
/// read without a lock, each object kept for the table's life.
///
/// A ``WordTable`` of the objects' addresses, and the objects themselves, kept so that a
/// reader's unretained address stays valid.
///
/// Contract: a key is never 0; the first object stored for a key stays (a later one for the
/// same key is kept too, and never found). A reader gets the object lent for a closure
/// (``withObject(for:_:)``).
///
/// Guarded by `ObjectTableTests` (a model test against `Dictionary`, readers racing writers,
/// objects counted).
final class ObjectTable<Object: AnyObject & Sendable>: Sendable {
    private let addresses: WordTable
    /// Every object stored: `addresses` holds them unretained.
    private let kept = Protected<[Object]>([])

    /// An empty table with room for `capacity` objects before it grows.
    init(capacity: Int) {
        addresses = WordTable(capacity: capacity)
    }

    /// Runs `body` with the object stored for `key`, lent without a retain, or returns `nil`
    /// if the key has none; `body` must not keep the object past the table's life.
    @inline(__always) func withObject<Result>(for key: UInt, _ body: (Object) -> Result) -> Result? {
        // NB: unretained: `kept` holds every object stored for the table's life.
        unsafe UnsafeObjectWord<Object>(nonzero: addresses.word(for: key))?.withObject(body)
    }

    /// Stores `object` for `key` unless the key has one; keeps it for the table's life either
    /// way.
    func store(_ key: UInt, _ object: Object) {
        kept.withLock { $0.append(object) }
        unsafe addresses.store(key, UnsafeObjectWord(unretained: object).bits)
    }
}
