import Synchronization

/// An insert-only table from a word to a word, for process-wide answers that never change:
/// read without a lock, written under its own.
///
/// A ``BindingTable`` (probed without a lock) with what its writers need: a lock, the entries
/// to fill a larger table, and the outgrown tables, kept for the table's life so that a
/// reader holding a stale one still reads valid memory.
///
/// Contract: neither a key nor a word is 0; the first word stored for a key stays. A word that
/// is an object's address keeps nothing alive: ``ObjectTable`` is the table for objects.
///
/// Guarded by `WordTableTests` (a model test against `Dictionary`, readers racing a writer
/// through growth).
final class WordTable: Sendable {
    /// The table readers use, unretained: `state` holds the current table and every retired
    /// one for this table's life, so a reader's stale one stays valid.
    private let current: Atomic<UInt>
    private let state: Protected<State>

    private struct State {
        var table: BindingTable
        /// Every entry, to fill a larger table.
        var entries: [(key: UInt, word: UInt)] = []
        /// Outgrown tables, kept for readers that may still probe them.
        var retired: [BindingTable] = []

        #if DI_CHECK_INVARIANTS
            /// Checks that the current table holds every entry and nothing else, and that each
            /// retired table is smaller than the current one; call with the lock held.
            func _checkInvariants() {
                precondition(table.count == entries.count, "the table and its entries differ")
                for entry in entries { precondition(table.lookupWord(bits: entry.key) == entry.word, "an entry lost") }
                for old in retired { precondition(old.capacity < table.capacity, "a retired table not smaller") }
            }
        #endif
    }

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int) {
        let table = BindingTable(capacity: capacity * 2)
        current = unsafe Atomic(UnsafeObjectWord(unretained: table).bits)
        state = Protected(State(table: table))
    }

    /// The word stored for `key`, or 0.
    func word(for key: UInt) -> UInt {
        unsafe UnsafeObjectWord<BindingTable>(bits: current.load(ordering: .acquiring)).withObject { $0.lookupWord(bits: key) }
    }

    /// Stores `word` for `key`, unless the key has a word already (the first one stays).
    func store(_ key: UInt, _ word: UInt) {
        state.withLock { state in
            guard state.table.lookupWord(bits: key) == 0 else { return }
            state.entries.append((key, word))
            if state.table.hasRoom {
                state.table.store(bits: key, word: word)
            } else {
                let larger = BindingTable(capacity: state.table.capacity * 2)
                for entry in state.entries { larger.store(bits: entry.key, word: entry.word) }
                state.retired.append(state.table)
                state.table = larger
                unsafe current.store(UnsafeObjectWord(unretained: larger).bits, ordering: .releasing)
            }
            #if DI_CHECK_INVARIANTS
                // Whole at each power of two (linear in all), else the entry stored.
                if state.entries.count & (state.entries.count - 1) == 0 { state._checkInvariants() }
                precondition(state.table.lookupWord(bits: key) == word, "a stored entry not found")
            #endif
        }
    }
}
