import Synchronization

/// An insert-only table from a word to an object, for process-wide answers that never change:
/// read without a lock, written under its own, each object kept for the table's life.
///
/// A ``BindingTable`` of the objects' addresses (probed without a lock) with what its writers
/// need: a lock, the entries to fill a larger table (which keep the objects, so that a
/// reader's unretained address stays valid), and the outgrown tables, kept for the table's
/// life so that a reader holding a stale one still reads valid memory.
///
/// Contract: a key is never 0; the first object stored for a key stays, and a store for a key
/// that has one answers that one, so that racing writers all take it. A reader gets the object
/// lent for a closure (``withObject(for:_:)``).
///
/// Guarded by `ObjectTableTests` (a model test against `Dictionary`, readers racing writers
/// through growth, objects counted, racing stores answered with the first).
final class ObjectTable<Object: AnyObject & Sendable>: Sendable {
    /// The table readers use, unretained: `state` holds the current table and every retired
    /// one for this table's life, so a reader's stale one stays valid.
    private let current: Atomic<UInt>
    private let state: Protected<State>

    private struct State {
        var table: BindingTable
        /// Every object stored, with its key, one per key: to fill a larger table.
        var entries: [(key: UInt, object: Object)] = []
        /// Outgrown tables, kept for readers that may still probe them.
        var retired: [BindingTable] = []

        #if DI_CHECK_INVARIANTS
            /// Checks that the current table finds the object stored for each key, and that each
            /// retired table is smaller than the current one; call with the lock held.
            func _checkInvariants() {
                precondition(table.count == entries.count, "the table and its entries differ")
                for entry in entries {
                    let word = unsafe UnsafeObjectWord(unretained: entry.object).bits
                    precondition(table.lookupWord(bits: entry.key) == word, "an entry lost")
                }
                for old in retired { precondition(old.capacity < table.capacity, "a retired table not smaller") }
            }
        #endif
    }

    /// An empty table with room for `capacity` objects before it grows.
    init(capacity: Int) {
        let table = BindingTable(capacity: capacity * 2)
        current = unsafe Atomic(UnsafeObjectWord(unretained: table).bits)
        state = Protected(State(table: table))
    }

    /// Runs `body` with the object stored for `key`, lent without a retain, or returns `nil`
    /// if the key has none; `body` must not keep the object past the table's life.
    @inline(__always) func withObject<Result>(for key: UInt, _ body: (Object) -> Result) -> Result? {
        // NB: unretained: `state` keeps every table and every object stored for the table's life.
        unsafe UnsafeObjectWord<BindingTable>(bits: current.load(ordering: .acquiring)).withObject { table in
            unsafe UnsafeObjectWord<Object>(nonzero: table.lookupWord(bits: key))?.withObject(body)
        }
    }

    /// Stores `object` for `key`, for the table's life, unless the key has one; returns the
    /// object the key has now.
    @discardableResult func store(_ key: UInt, _ object: Object) -> Object {
        state.withLock { state in
            if state.table.lookupWord(bits: key) != 0 { return state.entries.first { $0.key == key }!.object }
            state.entries.append((key, object))
            if state.table.hasRoom {
                state.table.store(bits: key, word: unsafe UnsafeObjectWord(unretained: object).bits)
            } else {
                let larger = BindingTable(capacity: state.table.capacity * 2)
                for entry in state.entries {
                    larger.store(bits: entry.key, word: unsafe UnsafeObjectWord(unretained: entry.object).bits)
                }
                state.retired.append(state.table)
                state.table = larger
                unsafe current.store(UnsafeObjectWord(unretained: larger).bits, ordering: .releasing)
            }
            #if DI_CHECK_INVARIANTS
                // Whole at each power of two (linear in all), else the entry stored.
                if state.entries.count & (state.entries.count - 1) == 0 { state._checkInvariants() }
                precondition(state.table.lookupWord(bits: key) != 0, "a stored entry not found")
            #endif
            return object
        }
    }
}
