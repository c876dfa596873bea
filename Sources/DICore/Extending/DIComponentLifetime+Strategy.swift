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
        self.init(box: LifetimeStrategyBox(strategy))
    }

    /// The policy that caches instances; `nil` for `.prototype`, which the resolver handles inline.
    package var strategy: (any LifetimeStrategy)? { strategyBox?.strategy }
}
