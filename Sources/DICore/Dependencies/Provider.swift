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
/// instances, also when it is called after the resolve returned, and also when it is called
/// inside another resolve: a call asking for a component the graph already has gets the
/// graph's instance, as long as something else keeps that instance alive (the provider keeps
/// none of them; one that was freed is made anew).
///
/// A `Provider` made with arguments (`resolve(Provider<Dog>.self, arguments: "Rex")`, or
/// inside a resolve given arguments addressed to a type) keeps them: a call without arguments
/// uses them; a call's own arguments replace them, and its addressed arguments are added to
/// them.
///
/// A `Provider` does not keep its container alive (a cached instance holding one keeps no
/// child container per request): a call after the container is gone fails with
/// ``DIError/Code-swift.struct/notRegistered``, its hint "Its container is gone" (the
/// trapping `provider()` traps with that message).
public struct Provider<Value>: Sendable {
    private let request: DeferredRequest<Value>

    init(_ request: DeferredRequest<Value>) { self.request = request }

    /// Resolves a value; traps with the diagnostic if it cannot be resolved.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor
    ///     components are built inline.
    ///   - file: The caller's file, reported by the trap; leave the default.
    ///   - line: The caller's line, reported by the trap; leave the default.
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Value {
        DeferredRequest.trapping("Provider", request, file: file, line: line) { () throws(DIError) in
            try request.resolve(callerIsolation: isolation)
        }
    }

    /// Resolves a value, or throws why it cannot be resolved.
    ///
    /// - Parameter isolation: The caller's actor; leave the default. On the main actor,
    ///   main-actor components are built inline.
    public func resolve(isolation: isolated (any Actor)? = #isolation) throws(DIError) -> Value {
        try request.resolve(callerIsolation: isolation)
    }

    /// Resolves a value whose `Argument` parameters take `arguments`, or throws why it cannot.
    ///
    /// The arguments go to the component the provider resolves, instead of any the provider
    /// was made with; a ``DIArguments`` value among them goes to the components of its type,
    /// deeper in the graph.
    ///
    /// ```swift
    /// container.register { (name: Argument<String>) in Enemy(name: name.value) }
    /// let boss = try spawner.makeEnemy.resolve(arguments: "Boss")
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first argument.
    ///   - rest: The other arguments, in the order of the `Argument` parameters.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A value resolved with the arguments.
    /// - Throws: ``DIError``; ``DIError/Code-swift.struct/argumentMismatch`` when an argument is
    ///   missing or of the wrong type, or when more are given than the component takes.
    public func resolve<First, each Rest>(
        arguments first: First, _ rest: repeat each Rest, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> Value {
        try request.calling(with: DIArguments.values(first, repeat each rest)).resolve(callerIsolation: isolation)
    }

    /// Resolves a value whose `Argument` parameters take `arguments`, awaiting async factories
    /// and main-actor components, or throws why it cannot.
    ///
    /// - Throws: ``DIError``, as ``resolve(arguments:_:isolation:)`` does.
    nonisolated(nonsending) public func resolve<First, each Rest>(arguments first: First, _ rest: repeat each Rest) async throws(DIError)
        -> Value
    {
        try await request.calling(with: DIArguments.values(first, repeat each rest)).resolveAwaiting()
    }

    /// Resolves a value whose `Argument` parameters take `arguments`; traps with the
    /// diagnostic if it cannot be resolved.
    ///
    /// ```swift
    /// let boss = spawner.makeEnemy("Boss")
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first argument.
    ///   - rest: The other arguments, in the order of the `Argument` parameters.
    ///   - isolation: The caller's actor; leave the default.
    ///   - file: The caller's file, reported by the trap; leave the default.
    ///   - line: The caller's line, reported by the trap; leave the default.
    public func callAsFunction<First, each Rest>(
        _ first: First, _ rest: repeat each Rest, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Value {
        DeferredRequest.trapping("Provider", request, file: file, line: line) { () throws(DIError) in
            try request.calling(with: DIArguments.values(first, repeat each rest)).resolve(callerIsolation: isolation)
        }
    }

    /// Resolves a value, awaiting async factories and main-actor components, or throws why
    /// it cannot be resolved.
    nonisolated(nonsending) public func resolve() async throws(DIError) -> Value {
        try await request.resolveAwaiting()
    }
}

extension Provider: DependencyWrapper {
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Provider<Value>> {
        DeferredRequest.getter(in: position, .provider, Provider.init)
    }
}
