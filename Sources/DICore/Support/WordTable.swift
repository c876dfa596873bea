import Synchronization

/// An insert-only table from a word to a word, for process-wide answers that never change:
/// read without a lock, written under its own.
///
/// A ``BindingTable`` (probed without a lock) with what its writers need: a lock, the entries
/// to fill a larger table, and the outgrown tables, kept for the process's life so that a
/// reader holding a stale one still reads valid memory. Neither a key nor a word is 0.
///
/// Answers asked on every registration or first resolve were a lock taken and released each
/// time, two atomic operations; a probe here is a load and a compare.
final class WordTable: Sendable {
    /// The table readers use, unmanaged, as bits.
    // NB: unretained: `state` holds the current table and every retired one for the table's
    // life, so a reader's stale pointer stays valid.
    private let current: Atomic<UInt>
    private let state: Protected<State>

    private struct State {
        var table: BindingTable
        /// Every entry, to fill a larger table.
        var entries: [(key: UInt, word: UInt)] = []
        /// Outgrown tables, kept for readers that may still probe them.
        var retired: [BindingTable] = []
    }

    /// An empty table with room for `capacity` entries before it grows.
    init(capacity: Int) {
        let table = BindingTable(capacity: capacity * 2)
        current = Atomic(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()))
        state = Protected(State(table: table))
    }

    /// The word stored for `key`, or 0.
    func word(for key: UInt) -> UInt {
        // NB: unretained, as `current` documents.
        let table = Unmanaged<BindingTable>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!)
        return table._withUnsafeGuaranteedRef { $0.lookupWord(bits: key) }
    }

    /// Stores `word` for `key`, unless the key has a word already (the first one stays).
    func store(_ key: UInt, _ word: UInt) {
        state.withLock { state in
            guard state.table.lookupWord(bits: key) == 0 else { return }
            state.entries.append((key, word))
            guard !state.table.hasRoom else { return state.table.store(bits: key, word: word) }
            let larger = BindingTable(capacity: state.table.capacity * 2)
            for entry in state.entries { larger.store(bits: entry.key, word: entry.word) }
            state.retired.append(state.table)
            state.table = larger
            current.store(UInt(bitPattern: Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
        }
    }
}
