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
public struct Provider<Value>: Sendable {
    private let container: DIContainer
    private let getter: DependencyGetter<Value>

    init(container: DIContainer, getter: DependencyGetter<Value>) {
        self.container = container
        self.getter = getter
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
        try container.resolve(with: getter)
    }

    /// Resolves a value, awaiting async factories and main-actor components, or throws why
    /// it cannot be resolved.
    public func resolve() async throws(DIError) -> Value {
        try await container.resolveAwaiting(with: getter)
    }
}

extension Provider: DependencyWrapper {
    package static var dependencyGetter: DependencyGetter<Provider<Value>> {
        let inner = DependencyGetter<Value>.make()
        return DependencyGetter(inner.dependency.taken(as: .provider)) {
            (context) throws(DIError) -> Provider<Value> in
            Provider(container: context.origin, getter: inner)
        }
    }
}
