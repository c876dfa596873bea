import DICore
import Synchronization

/// The ready thread-safe storage: keeps every entry it is given until it is removed.
///
/// ```swift
/// let storage = DICacheStorage()
/// let scope = DIScope(name: "session", storage: storage)
/// container.register(Cart.init).lifetime(.custom(scope))
/// _ = container.resolve(Cart.self)     // a miss: builds and stores the cart
/// _ = container.resolve(Cart.self)     // a hit
/// print(storage.hits)                  // 1
/// ```
///
/// All state sits behind one `Mutex`: a lookup locks it once and reads one array slot (a
/// component's key is a small integer), with no hashing and no allocation. ``hits``
/// and ``misses`` are counted under that same lock, so counting costs nothing more.
///
/// A `.strong` scope's component resolves a hit without reaching the storage at all: the
/// storage keeps, beside each entry of such a component, a lock-free copy of its instance
/// that the resolver reads inline (a `ClearableSlot`, kept in step by every `store`,
/// `removeEntry` and `removeAll` under the storage's lock). Those hits are counted in ``hits``
/// too. Only this storage has the shortcut: the entries of a user-written ``DIStorage`` are
/// always asked of the storage.
public final class DICacheStorage: DIStorage {
    private struct State {
        /// Each key's entry and the inline copy of its strong entry, if a scope asked for one
        /// (``fastSlot(forKey:)``; never removed once made), indexed by the key's integer: sites
        /// are numbered densely from zero.
        var slots: ContiguousArray<(entry: DIStorageEntry?, copy: ClearableSlot?)> = []
        var hits = 0
        var misses = 0

        /// Makes the slot at `index` if there is none yet.
        mutating func grow(to index: Int) {
            while index >= slots.count { slots.append((nil, nil)) }
        }
    }

    private let state = Protected(State())

    /// Makes an empty storage.
    public init() {}

    /// How many lookups found an instance.
    public var hits: Int {
        state.withLock { state in state.slots.reduce(state.hits) { hits, slot in hits &+ (slot.copy?.servedReads ?? 0) } }
    }

    /// How many lookups found nothing, or only a `.weak` scope's instance that was destroyed.
    ///
    /// A ``DIScope`` looks up once per request, and once more just before it builds an
    /// instance (another thread may have built it meanwhile): a request that builds counts
    /// two misses.
    public var misses: Int { state.withLock { $0.misses } }

    /// How many entries the storage holds.
    public var count: Int { state.withLock { $0.slots.count { $0.entry != nil } } }

    /// The entry stored under `key`, or `nil`; counts a hit or a miss.
    ///
    /// - Parameter key: The key of a component.
    /// - Returns: The stored entry, if any.
    public func entry(forKey key: DIStorageKey) -> DIStorageEntry? {
        state.withLock { state in
            let index = key.rawValue
            if index < state.slots.count, let entry = state.slots[index].entry, entry.instance != nil {
                state.hits &+= 1
                return entry
            }
            state.misses &+= 1
            return nil
        }
    }

    /// Keeps `entry` under `key`, replacing any entry stored there.
    ///
    /// - Parameters:
    ///   - entry: The entry to keep.
    ///   - key: The key of a component.
    public func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) { replaceEntry(forKey: key, with: entry) }

    /// Drops the entry stored under `key`, if any.
    ///
    /// - Parameter key: The key of a component.
    public func removeEntry(forKey key: DIStorageKey) { replaceEntry(forKey: key, with: nil) }

    /// Puts `entry` under `key`, and its strong instance in the key's inline copy, if any.
    private func replaceEntry(forKey key: DIStorageKey, with entry: DIStorageEntry?) {
        let (replaced, copy) = unsafe state.withLock { state -> (DIStorageEntry?, UnsafeObjectWord<AnyObject>?) in
            let index = key.rawValue
            guard index < state.slots.count || entry != nil else { return (nil, nil) }
            state.grow(to: index)
            let replaced = state.slots[index].entry
            state.slots[index].entry = entry
            return unsafe (replaced, state.slots[index].copy?.exchange(entry?.strong))
        }
        // Released after unlocking, so an instance's deinit may use this storage.
        unsafe copy?.release()
        withExtendedLifetime(replaced) {}
    }

    /// Drops every entry; the hit and miss counts are kept.
    public func removeAll() {
        let (removed, copies) = unsafe state.withLock { state -> ([DIStorageEntry?], [UnsafeObjectWord<AnyObject>]) in
            let taken = state.slots.map(\.entry)
            // Every copy is gone before the lock is released: a hit after `removeAll()`
            // returns finds none of the instances it dropped.
            for index in state.slots.indices { state.slots[index].entry = nil }
            return unsafe (taken, state.slots.compactMap { unsafe $0.copy?.exchange(nil) })
        }
        unsafe copies.forEach { unsafe $0.release() }
        withExtendedLifetime(removed) {}
    }

    /// The lock-free copy of the strong entry under `key`, which the resolver reads inline;
    /// made on first request (holding the entry's instance, if the entry is strong) and kept
    /// for the storage's life.
    ///
    /// - Parameter key: The key of a component of a `.strong` scope over this storage.
    /// - Returns: The slot, kept in step with the entry from now on.
    func fastSlot(forKey key: DIStorageKey) -> ClearableSlot {
        state.withLock { state in
            let index = key.rawValue
            state.grow(to: index)
            if let slot = state.slots[index].copy { return slot }
            let slot = ClearableSlot()
            if let instance = state.slots[index].entry?.strong { slot.store(instance) }
            state.slots[index].copy = slot
            return slot
        }
    }
}
