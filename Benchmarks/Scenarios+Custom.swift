import DICore
import DIScopes

extension Scenario {
    /// `cachedHit.custom`: an instance already made, kept by a scope with `DICacheStorage`.
    static func cachedHitCustom() -> Scenario {
        let misses = Counter()
        let scope = DIScope(name: "bench", storage: DICacheStorage())
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(.custom(scope))
        return cachedHit(
            "cachedHit.custom", container: container, misses: misses, naiveLifetime: .cached)
    }
}
