// TODO(after merging DIScopes): delete the `#if BENCHMARK_CUSTOM_SCOPE` and its `#endif`,
// then add `.cachedHitCustom()` to `Scenario.all` (Scenarios.swift). Written against the
// DIScopes API of the spec: `DIScope(name:storage:)`, `DICacheStorage()` and
// `.lifetime(.custom(scope))`; misses are counted in the factory like every cached scenario
// (if `DICacheStorage` gets hits/misses counters, they can replace the factory counter).
#if BENCHMARK_CUSTOM_SCOPE
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
#endif
