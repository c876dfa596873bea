import DICore
import Synchronization

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

/// A weak cell as the gate sees it for a component: the cell keeps weakly the component's
/// referent (``DICore/Component/weakReferent(of:)``: a class instance itself; for a protocol or
/// `Any` type, whose instances arrive boxed, the object a box holds; nothing for a value),
/// handing it out as the component's instance again.
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
