/// A lifetime as the lifetime modules make and read it: a caching strategy.
extension DIComponentLifetime {
    /// Makes a lifetime from a caching policy; the extension point of the lifetime modules.
    ///
    /// ```swift
    /// extension DIComponentLifetime {
    ///     public static let single = DIComponentLifetime(strategy: CachingStrategy(.single))
    /// }
    /// ```
    ///
    /// Each call makes an object: a module makes each of its lifetimes once and hands that out.
    package init(strategy: any LifetimeStrategy) {
        self.init(strategyBox: LifetimeStrategyBox(strategy))
    }

    /// The policy that caches instances; `nil` for `.prototype`, which the resolver handles inline.
    package var strategy: (any LifetimeStrategy)? { strategyBox?.strategy }

    /// The strategy's per-registration state (see ``LifetimeStrategy/makeState(identity:container:)``);
    /// `nil` for `.prototype`.
    ///
    /// Asked of the lifetime in place: reading ``strategy`` first copied the lifetime and its
    /// existential, then destroyed both, per registration.
    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? {
        strategyBox?.strategy.makeState(identity: identity, container: container)
    }
}
