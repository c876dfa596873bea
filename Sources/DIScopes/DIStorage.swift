import DICore

/// Where a ``DIScope`` keeps its instances: the protocol to implement for your own storage.
///
/// A storage is a small thread-safe map from ``DIStorageKey`` (a component: registration site, type, ordinal) to
/// ``DIStorageEntry`` (an instance, wrapped by the scope). The scope does everything else:
/// it decides when to build an instance, makes sure a concurrent first request builds one,
/// applies the scope's `DIReferencePolicy` (a `.weak` scope's entries do not keep their
/// instances alive) and drops instances built across a ``DIScope/clean()``. So a storage
/// only keeps the entries it is given, for as long as it likes:
///
/// - ``entry(forKey:)`` returns the entry ``store(_:forKey:)`` last stored under the key, or
///   `nil` when the storage does not hold one (never stored, removed, or dropped by the
///   storage's own rule, such as a size limit: the scope then builds a new instance).
/// - ``store(_:forKey:)`` keeps the entry under the key, replacing what was there.
/// - ``removeEntry(forKey:)`` and ``removeAll()`` drop entries; ``DIScope/clean()`` calls
///   ``removeAll()``.
///
/// Every method may be called from any thread at once, so guard the state with a lock (a
/// `Synchronization.Mutex` is the simplest). The scope calls the methods without holding
/// any lock of the library, and calls ``entry(forKey:)`` on every request of a scoped
/// component: keep that path short. (Only the library's own ``DICacheStorage`` is spared
/// that call on a `.strong` scope's hits: it keeps a lock-free copy of its instances, in step
/// with its entries, that the resolver reads inline. A storage you write is always asked, so
/// what it answers is what the scope uses.) Never call back into a container from a storage.
/// Return only the entry stored under the key asked for: a scope checks the instance's type and
/// fails with a `DIError` naming the storage if it is another component's.
/// Give each scope its own storage: keys are components, so two scopes sharing a
/// storage would share instances.
///
/// A complete storage in a few lines:
///
/// ```swift
/// import DIScopes
/// import Synchronization
///
/// final class DictionaryStorage: DIStorage {
///     private let entries = Mutex<[DIStorageKey: DIStorageEntry]>([:])
///
///     func entry(forKey key: DIStorageKey) -> DIStorageEntry? { entries.withLock { $0[key] } }
///     func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) { entries.withLock { $0[key] = entry } }
///     func removeEntry(forKey key: DIStorageKey) { _ = entries.withLock { $0.removeValue(forKey: key) } }
///     func removeAll() { entries.withLock { $0.removeAll() } }
/// }
///
/// let scope = DIScope(name: "session", storage: DictionaryStorage())
/// container.register(Cart.init).lifetime(.custom(scope))
/// ```
///
/// Dropping an entry can run an instance's `deinit`. If that matters (an instance whose
/// `deinit` might resolve from the same scope), take entries out under the lock and let them
/// go after unlocking, as ``DICacheStorage`` and ``DIBoundedStorage`` do.
public protocol DIStorage: AnyObject, Sendable {
    /// The entry stored under `key`, or `nil` if the storage does not hold one.
    ///
    /// - Parameter key: The key of a component.
    /// - Returns: The entry last stored under `key`, unless it was removed or dropped.
    func entry(forKey key: DIStorageKey) -> DIStorageEntry?

    /// Keeps `entry` under `key`, replacing any entry stored there.
    ///
    /// A scope's `clean()` waits for a `store` under way (so that it never leaves behind an
    /// instance built before it): `store` must not clean its own scope.
    ///
    /// - Parameters:
    ///   - entry: The entry to keep.
    ///   - key: The key of a component.
    func store(_ entry: DIStorageEntry, forKey key: DIStorageKey)

    /// Drops the entry stored under `key`, if any.
    ///
    /// - Parameter key: The key of a component.
    func removeEntry(forKey key: DIStorageKey)

    /// Drops every entry the storage holds.
    func removeAll()
}
