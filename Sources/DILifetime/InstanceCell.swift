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

/// A cell that holds its instance weakly (`.perRun(.weak)`, `.perContainer(.weak)`), or
/// that can be emptied; its cache hit takes the cell's own lock, uncontended unless two threads read it.
final class ClearableCell: InstanceCell {
    private enum Slot: Sendable {
        case empty
        case strong(SharedObject)
        case weak(WeakReference)
    }

    /// A cached instance handed to every thread that asks.
    // NB: @unchecked: sharing a cached instance across threads is what a cache is for; the
    // DILifetime documentation leaves the instance's own thread safety to its type.
    private struct SharedObject: @unchecked Sendable {
        let object: AnyObject
    }

    /// A weak reference to a cached instance.
    // NB: @unchecked: as `SharedObject`; the weak reference itself is only read and written
    // under the cell's lock.
    private struct WeakReference: @unchecked Sendable {
        weak var object: AnyObject?
    }

    private let policy: DIReferencePolicy
    private let slot = Protected(Slot.empty)
    let building = Protected(())

    init(policy: DIReferencePolicy) {
        self.policy = policy
    }

    func cached() -> AnyObject? {
        slot.withLock { slot -> AnyObject? in
            switch slot {
            case .empty: nil
            case .strong(let shared): shared.object
            case .weak(let reference): reference.object
            }
        }
    }

    func store(_ instance: AnyObject) {
        let new: Slot = policy == .strong ? .strong(SharedObject(object: instance)) : .weak(WeakReference(object: instance))
        slot.withLock { $0 = new }
    }

    /// Drops the instance: the cell no longer holds any reference to it.
    func clear() {
        slot.withLock { $0 = .empty }
    }
}
