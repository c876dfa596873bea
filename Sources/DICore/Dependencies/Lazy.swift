import Synchronization

/// A dependency resolved on first use and then kept.
///
/// Take `Lazy<T>` as an initializer parameter to defer building `T` until ``value`` is read,
/// for example to break a start-up cost or an initialization order. The first read resolves
/// `T` from the container that built the owner; later reads return the same value. Reading
/// it from several threads at once resolves once: the first read resolves while holding the
/// `Lazy`'s lock; the factory of `T` reading this same `Lazy` gets a `cycle` error.
///
/// A `Lazy` made while a resolve builds its graph sees that resolve's `.objectGraph`
/// instances, also when it is read after the resolve returned: in a cycle
/// `A(b: B)`, `B(a: Lazy<A>)` with `A` an `.objectGraph` component, `b.a.value` is the `A`
/// that holds `b`. Until its first read the `Lazy` keeps those instances alive; after it, only
/// its value. ``reset()`` forgets the value: the next read resolves again, as a new resolve.
///
/// ```swift
/// final class Screen {
///     let analytics: Lazy<Analytics>
///     init(analytics: Lazy<Analytics>) { self.analytics = analytics }
///     func appear() { analytics.value.track("appear") }
/// }
/// ```
public final class Lazy<Value> {
    /// The value once resolved, and the graph the first resolve sees until then.
    private struct State {
        var box: ValueBox<Value>?
        var graph: SharedGraph?
    }

    private let container: DIContainer
    private let getter: DependencyGetter<Value>
    private let state: Protected<State>
    /// The thread (its resolve slot) resolving the value under the lock, or `0`: a read of
    /// this same `Lazy` from inside that resolve is a cycle, not a second lock.
    private let resolvingThread = Atomic<UInt>(0)

    init(container: DIContainer, getter: DependencyGetter<Value>, graph: SharedGraph?) {
        self.container = container
        self.getter = getter
        self.state = Protected(State(box: nil, graph: graph))
    }

    /// Whether the value has been resolved.
    public var isResolved: Bool { state.withLock { $0.box != nil } }

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
        let box = try state.withLock { (state) throws(DIError) -> ValueBox<Value> in
            if let box = state.box { return box }
            resolvingThread.store(thread, ordering: .releasing)
            defer { resolvingThread.store(0, ordering: .releasing) }
            let made = ValueBox(try container.resolve(with: getter, session: state.graph?.session(startingAt: container)))
            state.box = made
            state.graph = nil
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
        let (box, graph) = state.withLock { ($0.box, $0.graph) }
        if let box { return box.value }
        let made = ValueBox(try await container.resolveAwaiting(with: getter, session: graph?.session(startingAt: container)))
        return state.withLock { state in
            if let box = state.box { return box }
            state.box = made
            state.graph = nil
            return made
        }.value
    }

    /// Forgets the resolved value, so the next read resolves again.
    ///
    /// The next read is a resolve of its own: a component with a caching lifetime gives its
    /// cached instance again, a `.prototype` or `.objectGraph` one a new instance.
    ///
    /// ```swift
    /// settings.reset()                  // the user signed out
    /// let fresh = settings.value        // resolved anew
    /// ```
    public func reset() {
        state.withLock { $0.box = nil }
    }
}

// NB: @unchecked: the only mutable state is behind a Mutex, and the value it hands out is
// Sendable by the condition.
extension Lazy: @unchecked Sendable where Value: Sendable {}

extension Lazy: DependencyWrapper {
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Lazy<Value>> {
        let inner = DependencyGetter<Value>.make(in: position.inside())
        if let problem = inner.dependency.problem { return .meaningless(inner.dependency.wrapped(in: .lazy), problem) }
        return DependencyGetter(
            inner.dependency.wrapped(in: .lazy),
            { (context) throws(DIError) -> Lazy<Value> in
                Lazy(container: context.origin, getter: inner, graph: context.sharedGraph())
            },
            pinned: { (context, candidate) throws(DIError) -> Lazy<Value> in
                Lazy(container: context.origin, getter: inner.pinned(to: candidate), graph: context.sharedGraph())
            },
            candidates: inner.candidates)
    }
}
