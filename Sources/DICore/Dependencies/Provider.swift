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
        try container.resolve(with: getter, session: graph?.session(startingAt: container))
    }

    /// Resolves a value whose `Argument` parameters take `arguments`, or throws why it cannot.
    ///
    /// The arguments go to the component the provider resolves; a ``DIArguments`` value among
    /// them goes to the components of its type, deeper in the graph.
    ///
    /// ```swift
    /// container.register { (name: Argument<String>) in Enemy(name: name.value) }
    /// let boss = try spawner.makeEnemy.resolve(arguments: "Boss")
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first argument.
    ///   - rest: The other arguments, in the order of the `Argument` parameters.
    /// - Returns: A value resolved with the arguments.
    /// - Throws: ``DIError``; ``DIError/Code-swift.struct/argumentMismatch`` when an argument is
    ///   missing or of the wrong type, or when more are given than the component takes.
    public func resolve<First, each Rest>(arguments first: First, _ rest: repeat each Rest) throws(DIError) -> Value {
        try container.resolve(with: getter, session: try session(first, repeat each rest))
    }

    /// Resolves a value whose `Argument` parameters take `arguments`, awaiting async factories
    /// and main-actor components, or throws why it cannot.
    ///
    /// - Throws: ``DIError``, as ``resolve(arguments:_:)`` does.
    public func resolve<First, each Rest>(arguments first: First, _ rest: repeat each Rest) async throws(DIError) -> Value {
        try await container.resolveAwaiting(with: getter, session: try session(first, repeat each rest))
    }

    /// Resolves a value whose `Argument` parameters take `arguments`; traps with the
    /// diagnostic if it cannot be resolved.
    ///
    /// ```swift
    /// let boss = spawner.makeEnemy("Boss")
    /// ```
    public func callAsFunction<First, each Rest>(_ first: First, _ rest: repeat each Rest) -> Value {
        do {
            return try resolve(arguments: first, repeat each rest)
        } catch {
            fatalError(error.description)
        }
    }

    /// The session of a resolve with arguments, seeing the graph the provider was made in.
    private func session<First, each Rest>(_ first: First, _ rest: repeat each Rest) throws(DIError) -> ResolutionSession {
        var values: [Any] = [first]
        for value in repeat each rest { values.append(value) }
        let session = try container.argumentSession(for: getter.dependency, requested: Value.self, values)
        if let graph { graph.seed(session, startingAt: container) }
        return session
    }

    /// Resolves a value, awaiting async factories and main-actor components, or throws why
    /// it cannot be resolved.
    public func resolve() async throws(DIError) -> Value {
        try await container.resolveAwaiting(with: getter, session: graph?.session(startingAt: container))
    }
}

extension Provider: DependencyWrapper {
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Provider<Value>> {
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
