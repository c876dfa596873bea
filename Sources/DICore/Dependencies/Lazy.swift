import Synchronization

/// A dependency resolved on first use and then kept.
///
/// Take `Lazy<T>` as an initializer parameter to defer building `T` until ``value`` is read,
/// for example to break a start-up cost or an initialization order. The first read resolves
/// `T` from the container that built the owner; later reads return the same value. Reading
/// it from several threads at once resolves once: the first read resolves while holding the
/// `Lazy`'s lock; the factory of `T` reading this same `Lazy` gets a `cycle` error.
///
/// ```swift
/// final class Screen {
///     let analytics: Lazy<Analytics>
///     init(analytics: Lazy<Analytics>) { self.analytics = analytics }
///     func appear() { analytics.value.track("appear") }
/// }
/// ```
public final class Lazy<Value> {
    private let container: DIContainer
    private let getter: DependencyGetter<Value>
    private let state = Protected<ValueBox<Value>?>(nil)
    /// The thread (its resolve slot) resolving the value under the lock, or `0`: a read of
    /// this same `Lazy` from inside that resolve is a cycle, not a second lock.
    private let resolvingThread = Atomic<UInt>(0)

    init(container: DIContainer, getter: DependencyGetter<Value>) {
        self.container = container
        self.getter = getter
    }

    /// Whether the value has been resolved.
    public var isResolved: Bool { state.withLock { $0 != nil } }

    /// The value, resolved on first access; traps with the diagnostic if it cannot be resolved.
    public var value: Value {
        do {
            return try resolvedValue()
        } catch {
            fatalError(error.description)
        }
    }

    /// The value, resolved on first access, or the error that prevented it.
    public func resolvedValue() throws(DIError) -> Value {
        let slot = _ActiveResolve.slot()
        let thread = UInt(bitPattern: slot)
        if resolvingThread.load(ordering: .acquiring) == thread {
            // Read again while its own value resolves, on this thread: waiting for the lock
            // would never end.
            let path = slot.pointee.active?.pointee.path ?? []
            throw DIError(.cycle(path), requested: Value.self, path: path)
        }
        let box = try state.withLock { (box) throws(DIError) -> ValueBox<Value> in
            if let box { return box }
            resolvingThread.store(thread, ordering: .releasing)
            defer { resolvingThread.store(0, ordering: .releasing) }
            let made = ValueBox(try container.resolve(with: getter))
            box = made
            return made
        }
        return box.value
    }

    /// The value, resolved on first access with an awaited resolve (for async factories and
    /// main-actor components), or the error that prevented it.
    ///
    /// Two first accesses racing may both resolve; the first to finish is kept, so a cached
    /// component gives one instance either way.
    public func resolvedValue() async throws(DIError) -> Value {
        if let box = state.withLock({ $0 }) { return box.value }
        let made = ValueBox(try await container.resolveAwaiting(with: getter))
        return state.withLock { box in
            if let box { return box }
            box = made
            return made
        }.value
    }
}

// NB: @unchecked: the only mutable state is behind a Mutex, and the value it hands out is
// Sendable by the condition.
extension Lazy: @unchecked Sendable where Value: Sendable {}

extension Lazy: DependencyWrapper {
    package static var dependencyGetter: DependencyGetter<Lazy<Value>> {
        let inner = DependencyGetter<Value>.make()
        return DependencyGetter(inner.dependency.taken(as: .lazy)) { (context) throws(DIError) -> Lazy<Value> in
            Lazy(container: context.origin, getter: inner)
        }
    }
}
