import DICore

extension DIComponentLifetime {
    /// Instances live in `scope` until it is cleaned or ends; see ``DIScope``.
    ///
    /// ```swift
    /// let session = DIScope(name: "session", storage: DICacheStorage())
    /// container.register(Cart.init).lifetime(.custom(session))
    /// ```
    ///
    /// The lifetime prints as `custom(name)`, and its reference policy is the scope's. Two
    /// `.custom` lifetimes are equal when they use the same scope instance.
    ///
    /// - Parameter scope: The scope that keeps the instances.
    /// - Returns: The lifetime to pass to `lifetime(_:)`.
    public static func custom(_ scope: DIScope) -> DIComponentLifetime { DIComponentLifetime(strategy: ScopeStrategy(scope: scope)) }
}

/// The lifetime strategy of `.custom(scope)`: the scope decides.
struct ScopeStrategy: LifetimeStrategy {
    let scope: DIScope

    var name: String { "custom(\(scope.name))" }
    /// Captures what lives shorter, as ``LifetimeStrategy/captivity(of:)`` says by default.
    var rank: LifetimeRank { .scope }
    var referencePolicy: DIReferencePolicy? { scope.policy }

    /// The same scope instance: two scopes with one name are two scopes.
    func isEqual(to other: any LifetimeStrategy) -> Bool { (other as? ScopeStrategy)?.scope === scope }

    /// The slot a component's hits are read from inline, without calling the scope: the
    /// storage's lock-free copy of the component's entry; `nil` (every request asks the scope)
    /// for other scopes.
    ///
    /// Only for a `.strong` scope over a ``DICacheStorage``, whose entries the library itself
    /// writes and keeps in step with the copy; a user-written storage is asked on every
    /// request (its answer may change without the scope knowing), and a `.weak` scope's
    /// entries hold no instance to copy. A hit found this way is the one the scope's own
    /// lookup would find first: the scope's own storage comes before its parents'.
    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? {
        guard scope.policy == .strong else { return nil }
        return (scope.storage as? DICacheStorage)?.fastSlot(forKey: DIStorageKey(identity))
    }

    /// The scope's cell of `component`; `nil` for a value in a weak scope, made per request
    /// (``LifetimeStrategy/keepsInstance(of:)``).
    func buildCell(of component: Component) -> (any BuildCell)? {
        guard keepsInstance(of: component) else { return nil }
        return ScopeCell(scope: scope, component: component, key: DIStorageKey(of: component))
    }
}

extension LifetimeRank {
    /// One instance per custom scope: its span is the application's, unknown to the library,
    /// so above one resolve (DICore's 1) and below a container (DILifetime's 3).
    static let scope = LifetimeRank(2)
}
