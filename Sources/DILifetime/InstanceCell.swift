import DICore
import Synchronization

/// Where a caching lifetime keeps the one instance of a component for its span: a class that
/// is a `BuildCell`.
///
/// The build-once gate (``DICore/BuildGate``) builds the instance; the cell only keeps it,
/// and no lock a cache hit needs is held while a factory runs.
typealias InstanceCell = AnyObject & BuildCell

extension BuildCell {
    /// The cell's instance, built by `component` through the gate if the cell has none yet.
    ///
    /// Every container and child that shares the instance gets the one built as the
    /// registration's own container (`component.owner`) sees the graph.
    ///
    /// - Parameters:
    ///   - component: The component whose instance the cell keeps.
    ///   - context: The resolve asking for it.
    // NB: the owner is read only on a miss: reading it on every hit retained and released
    // the container, a reference count every thread shares.
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let hit = cached() { return hit }
        return try BuildGate.shared.instance(for: self, of: component, in: &context)
    }
}

// The cell of `.single` and `.perRun(.strong)` is DICore's `InstanceSlot`, and that of
// `.perContainer(.strong)` its `ClearableSlot`: the resolver reads their cache hits inline.

/// The cell of `.perRun(.weak)` and `.perContainer(.weak)`: a weak reference under the
/// cell's lock.
///
/// The reference is read in place: copying a weak reference out would update the instance's
/// side table twice per hit.
final class WeakCell: BuildCell {
    /// A weak reference to a cached instance, and how many times the cell was cleared; only
    /// read and written under the cell's lock.
    private struct WeakReference {
        weak var object: AnyObject?
        var clears = 0
    }

    // NB: UnsafeTransfer: the reference is only read and written under the cell's lock,
    // and sharing a cached instance across threads is what a cache is for.
    private let reference = unsafe Protected(UnsafeTransfer(WeakReference()))

    var buildKey: BuildKey { BuildKey(ObjectIdentifier(self)) }

    func cached() -> AnyObject? { reference.withLock { $0.value.object } }

    func generation() -> Int { reference.withLock { $0.value.clears } }

    /// Keeps `instance` unless the cell was cleared since `generation`.
    func keep(_ instance: AnyObject, builtIn generation: Int) {
        reference.withLock { reference in
            if reference.value.clears == generation { reference.value.object = instance }
        }
    }

    /// Drops the reference: the cell no longer refers to the instance, nor to one whose build
    /// is under way.
    func clear() {
        reference.withLock { reference in
            reference.value.object = nil
            reference.value.clears += 1
        }
    }
}

/// A weak cell as the gate sees it for a component whose type is a protocol or `Any`: its
/// instances arrive boxed, and the cell keeps weakly the object a box holds (nothing for a
/// value), handing it out boxed again.
struct WeakReferentCell: BuildCell {
    let cell: WeakCell
    let component: Component

    var buildKey: BuildKey { cell.buildKey }
    func cached() -> AnyObject? { cell.cached().map(component.instance(fromReferent:)) }
    func generation() -> Int { cell.generation() }
    func keep(_ instance: AnyObject, builtIn generation: Int) {
        guard let referent = component.weakReferent(of: instance) else { return }
        cell.keep(referent, builtIn: generation)
    }
}
