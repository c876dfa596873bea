import Synchronization

/// A set-once strong reference to a cached instance, read with one atomic load and no lock.
///
/// The primitive of lifetimes whose instances are never dropped once made (`.single`,
/// `.perRun(.strong)`): a lifetime that gives a registration an `InstanceSlot` as its state
/// lets the resolver read a cache hit inline, without calling the lifetime at all. Building
/// the instance goes through ``BuildGate``, whose cell it is.
///
/// Contract: the first instance stored stays until the slot is freed. A reference read with
/// ``storedObject`` is not retained: use it only while the slot is kept alive (a resolve
/// holds the component that holds the slot); do not release it.
///
/// Guarded by `InstanceSlotTests` (model and race tests: one instance kept, the losers
/// freed).
// NB: @unchecked: the reference is atomic and set once; the instance it holds is shared with
// every thread that asks, as any cached instance is.
@usableFromInline @safe package final class InstanceSlot: @unchecked Sendable {
    /// The instance, retained once by the slot; set once, so a reader's borrowed reference
    /// stays valid while the slot lives.
    @usableFromInline let reference = AtomicLazyObject<AnyObject>()

    package init() {}

    /// The instance, if one has been stored.
    @inlinable package var object: AnyObject? { reference.existing }

    /// The instance, if one has been stored, not retained: the slot keeps it.
    // NB: valid while the slot lives: the caller reads it through the component that holds
    // the slot, during a resolve that holds the component's container.
    @inlinable package var storedObject: UnsafeObjectWord<AnyObject>? { unsafe reference.word }

    /// Stores `instance` unless one is stored already; the first stored stays.
    package func store(_ instance: AnyObject) { _ = reference.object { instance } }
}
