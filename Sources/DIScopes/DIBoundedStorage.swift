import DICore
import Synchronization

/// A thread-safe storage that keeps at most a given number of entries, the most recently used.
///
/// When a new entry would exceed the capacity, the entry looked up or stored least
/// recently is dropped; the next request for its component builds a new instance. Use it
/// for a scope of many short-lived, cheap-to-rebuild objects (for example per-document view
/// models) where only the recent ones are worth keeping.
///
/// ```swift
/// let recent = DIScope(name: "recent documents", storage: DIBoundedStorage(capacity: 8))
/// container.register(DocumentModel.init).lifetime(.custom(recent))
/// ```
///
/// Lookups and stores lock one `Mutex`; a store that evicts scans the stored entries once,
/// so keep the capacity small (tens, not thousands). A capacity of 0 (or less) keeps nothing:
/// every request builds a new instance, as under `.prototype`.
public final class DIBoundedStorage: DIStorage {
    private struct State {
        /// Each entry, with the tick of its last lookup or store: the smallest is the least
        /// recently used.
        var entries: [DIStorageKey: (entry: DIStorageEntry, lastUse: UInt64)] = [:]
        var tick: UInt64 = 0
    }

    private let state = Protected(State())

    /// The most entries the storage keeps at once.
    public let capacity: Int

    /// Makes an empty storage that keeps at most `capacity` entries.
    ///
    /// - Parameter capacity: The most entries kept at once; 0 or less keeps nothing (each
    ///   request then builds anew). Never a trap: a capacity computed at run time may be 0.
    public init(capacity: Int) { self.capacity = max(capacity, 0) }

    /// How many entries the storage holds.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The entry stored under `key`, or `nil`; marks it as the most recently used.
    ///
    /// - Parameter key: The key of a component.
    /// - Returns: The stored entry, if it has not been evicted.
    public func entry(forKey key: DIStorageKey) -> DIStorageEntry? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.tick &+= 1
            state.entries.values[index].lastUse = state.tick
            return state.entries.values[index].entry
        }
    }

    /// Keeps `entry` under `key` as the most recently used, evicting the least recently
    /// used entry if the storage is full.
    ///
    /// - Parameters:
    ///   - entry: The entry to keep.
    ///   - key: The key of a component.
    public func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) {
        let dropped = state.withLock { state -> [DIStorageEntry] in
            state.tick &+= 1
            var dropped: [DIStorageEntry] = []
            if let replaced = state.entries.updateValue((entry, state.tick), forKey: key) { dropped.append(replaced.entry) }
            while state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                dropped.append(oldest.value.entry)
                state.entries.removeValue(forKey: oldest.key)
            }
            return dropped
        }
        // Released after unlocking, so an instance's deinit may use this storage.
        withExtendedLifetime(dropped) {}
    }

    /// Drops the entry stored under `key`, if any.
    ///
    /// - Parameter key: The key of a component.
    public func removeEntry(forKey key: DIStorageKey) {
        let removed = state.withLock { $0.entries.removeValue(forKey: key)?.entry }
        withExtendedLifetime(removed) {}
    }

    /// Drops every entry.
    public func removeAll() {
        // Released after unlocking, so an instance's deinit may use this storage.
        var removed: [DIStorageKey: (entry: DIStorageEntry, lastUse: UInt64)] = [:]
        state.withLock { swap(&$0.entries, &removed) }
    }
}
