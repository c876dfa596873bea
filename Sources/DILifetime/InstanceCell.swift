import DICore
import Synchronization

/// Where a caching lifetime keeps the one instance of a component for its span.
///
/// A cell serializes the building of its instance (a concurrent first request builds once)
/// without holding any lock a cache hit needs.
protocol InstanceCell: AnyObject, Sendable {
    /// The instance, if the cell has one.
    func cached() -> AnyObject?
    /// Keeps `instance` as the cell's instance.
    func store(_ instance: AnyObject)
    /// Held while the instance is being built, so that one request builds it.
    var building: Protected<Void> { get }
}

extension InstanceCell {
    /// The cell's instance, built by `component` if the cell has none yet.
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
        // Waiting for an instance this very resolve is building would never end: that is a cycle.
        try context.checkNotBuilding(component)
        var result: Result<AnyObject, DIError>?
        building.withLock { _ in
            if let hit = cached() {
                result = .success(hit)
                return
            }
            do throws(DIError) {
                let made = try context.withOrigin(component.owner) { (context) throws(DIError) in
                    try component.makeInstance(in: &context)
                }
                store(made)
                result = .success(made)
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }
}

/// The cell of `.single` and `.perRun(.strong)`: DICore's slot, whose cache hit the resolver
/// reads inline with one atomic load.
extension InstanceSlot: InstanceCell {
    @inline(__always)
    func cached() -> AnyObject? { object }
}

/// The cell of `.perContainer(.strong)`: DICore's clearable slot, whose cache hit the
/// resolver reads inline.
extension ClearableSlot: InstanceCell {
    @inline(__always)
    func cached() -> AnyObject? { object }
}

/// The cell of `.perRun(.weak)` and `.perContainer(.weak)`: a weak reference under the
/// cell's lock.
///
/// The reference is read in place: copying a weak reference out would update the instance's
/// side table twice per hit.
final class WeakCell: InstanceCell {
    /// A weak reference to a cached instance.
    // NB: @unchecked: the reference is only read and written under the cell's lock, and
    // sharing a cached instance across threads is what a cache is for.
    private struct WeakReference: @unchecked Sendable {
        weak var object: AnyObject?
    }

    private let reference = Protected(WeakReference())
    let building = Protected(())

    func cached() -> AnyObject? {
        reference.withLock { $0.object }
    }

    func store(_ instance: AnyObject) {
        let stored = WeakReference(object: instance)
        reference.withLock { $0 = stored }
    }

    /// Drops the reference: the cell no longer refers to the instance.
    func clear() {
        reference.withLock { $0.object = nil }
    }
}
