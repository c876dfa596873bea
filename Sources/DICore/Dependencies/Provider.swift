/// A dependency resolved anew on every call.
///
/// Take `Provider<T>` as an initializer parameter to make instances of `T` later, as many as
/// needed, each resolved from the container that built the owner with `T`'s lifetime.
///
/// ```swift
/// final class Spawner {
///     let makeEnemy: Provider<Enemy>
///     init(makeEnemy: Provider<Enemy>) { self.makeEnemy = makeEnemy }
///     func spawn() -> Enemy { makeEnemy() }
/// }
/// ```
///
/// A `Provider` made while a resolve builds its graph sees that resolve's `.objectGraph`
/// instances, also when it is called after the resolve returned: a call asking for a
/// component the graph already has gets the graph's instance. The provider keeps those
/// instances alive as long as it lives.
public struct Provider<Value>: Sendable {
    private let container: DIContainer
    private let getter: DependencyGetter<Value>
    /// The `.objectGraph` instances of the resolve that made the provider.
    private let graph: SharedGraph?

    init(container: DIContainer, getter: DependencyGetter<Value>, graph: SharedGraph?) {
        self.container = container
        self.getter = getter
        self.graph = graph
    }

    /// Resolves a value; traps with the diagnostic if it cannot be resolved.
    public func callAsFunction() -> Value {
        do {
            return try resolve()
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves a value, or throws why it cannot be resolved.
    public func resolve() throws(DIError) -> Value {
        try container.resolve(with: getter, graph: graph)
    }

    /// Resolves a value, awaiting async factories and main-actor components, or throws why
    /// it cannot be resolved.
    public func resolve() async throws(DIError) -> Value {
        try await container.resolveAwaiting(with: getter, graph: graph)
    }
}

extension Provider: DependencyWrapper {
    package static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Provider<Value>> {
        let inner = DependencyGetter<Value>.make(in: position.inside())
        if let problem = inner.dependency.problem { return .meaningless(inner.dependency.wrapped(in: .provider), problem) }
        return DependencyGetter(
            inner.dependency.wrapped(in: .provider),
            { (context) throws(DIError) -> Provider<Value> in
                Provider(container: context.origin, getter: inner, graph: context.sharedGraph())
            },
            pinned: { (context, candidate) throws(DIError) -> Provider<Value> in
                Provider(container: context.origin, getter: inner.pinned(to: candidate), graph: context.sharedGraph())
            },
            candidates: inner.candidates)
    }
}
