import Synchronization

/// A set-once strong reference to a cached instance, read with one atomic load and no lock.
///
/// The extension point of lifetimes whose instances are never dropped once made
/// (`.single`, `.perRun(.strong)`): a lifetime that gives a registration an `InstanceSlot` as
/// its state lets the resolver read a cache hit inline, without calling the lifetime at all.
/// Building the instance goes through ``BuildGate``, whose cell it is.
// NB: @unchecked: the reference is atomic and set once; the instance it holds is shared with
// every thread that asks, as any cached instance is.
@usableFromInline
package final class InstanceSlot: @unchecked Sendable {
    /// The instance, retained once by the slot.
    // NB: Unmanaged: `store(_:)` retains the instance it publishes (a store that loses the race
    // releases its own) and `deinit` releases it; it is set once, so a reader's borrowed
    // reference stays valid while the slot lives.
    @usableFromInline
    let reference = Atomic<Unmanaged<AnyObject>?>(nil)
    package init() {}

    deinit {
        reference.load(ordering: .acquiring)?.release()
    }

    /// The instance, if one has been stored.
    @inlinable
    package var object: AnyObject? {
        reference.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// The instance, if one has been stored, not retained: the slot keeps it.
    // NB: valid while the slot lives: the caller reads it through the component that holds
    // the slot, during a resolve that holds the component's container.
    @inlinable
    package var unmanagedObject: Unmanaged<AnyObject>? {
        reference.load(ordering: .acquiring)
    }

    /// Stores `instance` unless one is stored already; the first stored stays.
    package func store(_ instance: AnyObject) {
        let retained = Unmanaged.passRetained(instance)
        let (stored, _) = reference.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if !stored { retained.release() }
    }
}

extension InstanceSlot: BuildCell {
    @usableFromInline package var buildKey: BuildKey { BuildKey(ObjectIdentifier(self)) }
    @usableFromInline package func cached() -> AnyObject? { object }
    /// Always `0`: a set-once slot is never cleaned.
    @usableFromInline package func generation() -> Int { 0 }
    @usableFromInline package func keep(_ instance: AnyObject, builtIn generation: Int) { store(instance) }
}

/// A strong reference to a cached instance that can be dropped, read under its own lock.
///
/// The extension point of lifetimes that keep one instance until told to drop it
/// (`.perContainer(.strong)` and `clean()`): the resolver reads a hit inline. Reading without
/// a lock would race with ``clear()``, which must release the instance.
@usableFromInline
package final class ClearableSlot: Sendable {
    /// The instance, retained by the slot while held.
    // NB: a Sendable wrapper: cached instances are shared with every thread that asks.
    @usableFromInline
    let reference = Protected<SharedReference?>(nil)
    /// Bumped by every ``clear()``, under the lock of `reference`: a build that began before
    /// a clear does not keep its instance.
    private let clears = Atomic<Int>(0)

    package init() {}

    /// The instance, if the slot holds one.
    @inlinable
    package var object: AnyObject? {
        reference.withLock { $0?.object }
    }

    /// Keeps `instance` unless the slot holds one already; the first kept stays.
    package func store(_ instance: AnyObject) {
        let shared = SharedReference(object: instance)
        reference.withLock { reference in
            if reference == nil { reference = shared }
        }
    }

    /// Drops the instance: the slot no longer holds any reference to it, nor to one whose
    /// build is under way.
    package func clear() {
        let dropped = reference.withLock { reference -> SharedReference? in
            clears.add(1, ordering: .relaxed)
            defer { reference = nil }
            return reference
        }
        // The last reference may go here, outside the lock: a deinit may resolve again.
        withExtendedLifetime(dropped) {}
    }
}

extension ClearableSlot: BuildCell {
    @usableFromInline package var buildKey: BuildKey { BuildKey(ObjectIdentifier(self)) }
    @usableFromInline package func cached() -> AnyObject? { object }
    @usableFromInline package func generation() -> Int { reference.withLock { _ in clears.load(ordering: .relaxed) } }

    /// Keeps `instance` unless the slot holds one already or was cleared since `generation`.
    @usableFromInline package func keep(_ instance: AnyObject, builtIn generation: Int) {
        let shared = SharedReference(object: instance)
        reference.withLock { reference in
            if reference == nil && clears.load(ordering: .relaxed) == generation { reference = shared }
        }
    }
}

/// A cached instance handed to every thread that asks.
// NB: @unchecked: sharing a cached instance across threads is what a cache is for; the
// instance's own thread safety is its type's business.
@usableFromInline
struct SharedReference: @unchecked Sendable {
    @usableFromInline
    let object: AnyObject
}
