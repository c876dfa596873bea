/// A dependency resolved on first use and then kept.
///
/// Take `Lazy<T>` as an initializer parameter to defer building `T` until ``value`` is read,
/// for example to break a start-up cost or an initialization order. The first read resolves
/// `T` from the container that built the owner; later reads return the same value. Reading
/// it from several threads at once resolves once: the first read claims the value in the
/// build gate every cached build goes through, and the others wait for it there, so a wait
/// that would never end (the factory of `T` reading this same `Lazy`, or a thread building a
/// cached component this value needs while that component's factory reads the `Lazy`) is a
/// `cycle` error instead.
///
/// A `Lazy` made while a resolve builds its graph sees that resolve's `.objectGraph`
/// instances, also when it is read after the resolve returned, and also when it is first read
/// inside another resolve: in a cycle `A(b: B)`, `B(a: Lazy<A>)` with `A` an `.objectGraph`
/// component, `b.a.value` is the `A` that holds `b`. It keeps none of those instances alive:
/// one that was freed before the first read is made anew. A `Lazy` made with arguments
/// (`resolve(Lazy<Dog>.self, arguments: "Rex")`, or inside a resolve given arguments
/// addressed to a type) reads with them. ``reset()`` forgets the value: the next read
/// resolves again, as a new resolve.
///
/// A `Lazy` does not keep its container alive (a cached instance holding one keeps no child
/// container per request): a first read after the container is gone fails with
/// ``DIError/Code-swift.struct/notRegistered``, its hint "Its container is gone" (``value``
/// and `lazy()` trap with that message). A value read before stays.
///
/// ```swift
/// final class Screen {
///     let analytics: Lazy<Analytics>
///     init(analytics: Lazy<Analytics>) { self.analytics = analytics }
///     func appear() { analytics.value.track("appear") }
/// }
/// ```
///
/// ``value`` cannot see its caller's actor: a `Lazy` of a main-actor component read on the
/// main actor off the main thread (as Swift Testing runs `@MainActor` tests on Linux) needs
/// `lazy()` or `try lazy.resolvedValue()`, which take the caller's isolation as `resolve`
/// does, and report the caller's line when they trap.
public final class Lazy<Value> {
    private let cell: LazyCell<Value>

    init(_ request: DeferredRequest<Value>) { self.cell = LazyCell(request) }

    /// Whether the value has been resolved.
    public var isResolved: Bool { cell.box != nil }

    /// The value, resolved on first access; traps with the diagnostic if it cannot be resolved.
    public var value: Value { callAsFunction(isolation: nil) }

    /// The value, resolved on first access; traps with the diagnostic, at the caller's line, if
    /// it cannot be resolved.
    ///
    /// ``value`` with the caller's isolation and location:
    ///
    /// ```swift
    /// @MainActor func show() { lazyModel().present() }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor
    ///     components are built inline.
    ///   - file: The caller's file, reported by the trap; leave the default.
    ///   - line: The caller's line, reported by the trap; leave the default.
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Value {
        DeferredRequest.trapping("Lazy", cell.pending().request, file: file, line: line) { () throws(DIError) in
            try resolvedValue(isolation: isolation)
        }
    }

    /// The value, resolved on first access, or the error that prevented it.
    ///
    /// - Parameter isolation: The caller's actor; leave the default. On the main actor,
    ///   main-actor components are built inline.
    public func resolvedValue(isolation: isolated (any Actor)? = #isolation) throws(DIError) -> Value {
        if let box = cell.box { return box.value }
        let (request, _) = cell.pending()
        return try request.run(callerIsolation: isolation) { (context) throws(DIError) -> Value in
            let made = try BuildGate.shared.value(for: cell, reportedAs: request.component, in: &context, requested: Value.self) {
                (context) throws(DIError) -> AnyObject in
                ValueBox(try request.getter.get(&context))
            }
            // NB: UnsafeCast: the cell keeps, and the gate hands out, only `ValueBox<Value>`s
            // made by the closure above. The value kept wins over the one made, if another read
            // (an awaited one) kept its own first.
            return unsafe (cell.box ?? UnsafeCast.downcast(made, to: ValueBox<Value>.self)).value
        }
    }

    /// The value, resolved on first access with an awaited resolve (for async factories and
    /// main-actor components), or the error that prevented it.
    ///
    /// Two first accesses racing may both resolve; the first to finish is kept, so a cached
    /// component gives one instance either way.
    nonisolated(nonsending) public func resolvedValue() async throws(DIError) -> Value {
        if let box = cell.box { return box.value }
        let (request, generation) = cell.pending()
        let made = ValueBox(try await request.resolveAwaiting())
        return cell.keepFirst(made, builtIn: generation).value
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
    public func reset() { cell.reset() }
}

// NB: @unchecked: the only mutable state is the cell's, behind its lock, and the value it hands
// out is Sendable by the condition.
extension Lazy: @unchecked Sendable where Value: Sendable {}

/// A `Lazy`'s value as the build gate sees it: the one value it keeps, its first read a build
/// that waits and detects cycles as a cached component's does (`LazyBuildGateTests`).
// NB: @unchecked: the state is reached only under the lock; the value is handed to whoever
// reads the `Lazy`, which is Sendable only when the value is.
final class LazyCell<Value>: BuildCell, @unchecked Sendable {
    private struct State {
        var box: ValueBox<Value>?
        /// What the next read resolves; its graph is forgotten once a value is kept.
        var request: DeferredRequest<Value>
        /// Counts ``reset()``s: a read begun before one keeps nothing after it.
        var generation = 0
    }

    private let state: Protected<State>

    init(_ request: DeferredRequest<Value>) { self.state = Protected(State(request: request)) }

    /// The value kept, if any.
    var box: ValueBox<Value>? { state.withLock { $0.box } }

    /// What a read resolves, and the generation it begins in.
    func pending() -> (request: DeferredRequest<Value>, generation: Int) { state.withLock { ($0.request, $0.generation) } }

    func cached() -> AnyObject? { box }

    func generation() -> Int { state.withLock { $0.generation } }

    func keep(_ instance: AnyObject, builtIn generation: Int) {
        // NB: UnsafeCast: the gate hands the cell only what its read's closure made, a
        // `ValueBox<Value>`.
        _ = unsafe keepFirst(UnsafeCast.downcast(instance, to: ValueBox<Value>.self), builtIn: generation)
    }

    /// Keeps `made`, resolved by a read begun in `generation`, unless a value is kept already
    /// or the `Lazy` was reset since; returns the value kept (or `made`, after a reset).
    func keepFirst(_ made: ValueBox<Value>, builtIn generation: Int) -> ValueBox<Value> {
        state.withLock { state in
            if let box = state.box { return box }
            guard state.generation == generation else { return made }
            state.box = made
            state.request.graph = nil
            return made
        }
    }

    /// Forgets the value.
    func reset() {
        state.withLock { state in
            state.box = nil
            state.generation += 1
        }
    }
}

extension Lazy: DependencyWrapper {
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Lazy<Value>> {
        DeferredRequest.getter(in: position, .lazy, Lazy.init)
    }
}
