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
    public static func custom(_ scope: DIScope) -> DIComponentLifetime {
        DIComponentLifetime(strategy: ScopeStrategy(scope: scope))
    }
}

/// The lifetime strategy of `.custom(scope)`: the scope decides.
struct ScopeStrategy: LifetimeStrategy {
    let scope: DIScope

    var name: String { "custom(\(scope.name))" }
    var rank: LifetimeRank { .scope }
    var referencePolicy: DIReferencePolicy? { scope.policy }

    /// The same scope instance: two scopes with one name are two scopes.
    func isEqual(to other: any LifetimeStrategy) -> Bool {
        guard let other = other as? ScopeStrategy else { return false }
        return scope === other.scope
    }

    /// The lock-free copy of the component's entry that the resolver reads inline, for a
    /// `.strong` scope over a ``DICacheStorage``; `nil` (every request asks the scope) otherwise.
    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? {
        scope.fastSlot(for: identity)
    }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try scope.instance(of: component, in: &context)
    }

    func cachedInstance(of component: Component) -> AnyObject? {
        scope.cachedInstance(of: component)
    }

    func buildCell(of component: Component) -> (any BuildCell)? {
        scope.buildCell(of: component)
    }

    func keepsInstance(of component: Component) -> Bool {
        scope.keepsInstance(of: component)
    }
}
