import DICore
import DILifetime

extension Scenario {
    /// `cachedHit.perContainer`, `.perRun`, `.single`: an instance already made, fetched again.
    static func cachedHit(_ name: String, _ lifetime: DIComponentLifetime, eager: Bool = false)
        -> Scenario
    {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(lifetime)
        if eager { container.initializeSingletonObjects() }
        return cachedHit(name, container: container, misses: misses, naiveLifetime: .cached)
    }

    /// `cachedHit.weak`: `.perContainer(.weak)` while the caller holds the instance.
    static func cachedHitWeak() -> Scenario {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(.perContainer(.weak))
        return cachedHit(
            "cachedHit.weak", container: container, misses: misses, naiveLifetime: .weakCached)
    }

    /// The workloads of a cache hit of `Leaf` in `container`: the caller holds the instance
    /// (the weak caches need it), the hand-written code reads a stored reference.
    static func cachedHit(
        _ name: String,
        container: DIContainer,
        misses: Counter,
        naiveLifetime: NaiveContainer.Lifetime,
        threads: Int = 1
    ) -> Scenario {
        let held: Leaf = container.resolve()
        let naive = NaiveContainer()
        naive.register(naiveLifetime) { _ in Leaf() }
        let naiveHeld = naive.resolve(Leaf.self)
        let manual: Workload
        if naiveLifetime == .weakCached {
            let holder = WeakHolder(held)
            manual = { iterations, sink in
                for _ in 0..<iterations { sink.consume(holder.object!) }
            }
        } else {
            manual = { iterations, sink in
                for _ in 0..<iterations { sink.consume(held) }
            }
        }
        return Scenario(
            name,
            library: { iterations, sink in
                withExtendedLifetime(held) {
                    for _ in 0..<iterations {
                        sink.consume(container.resolve() as Leaf)
                    }
                }
            },
            manual: manual,
            naive: { iterations, sink in
                withExtendedLifetime(naiveHeld) {
                    for _ in 0..<iterations { sink.consume(naive.resolve(Leaf.self)) }
                }
            },
            misses: misses,
            threads: threads)
    }

    /// `concurrentCachedHit`: two threads resolving one cached `.perRun(.strong)` instance.
    ///
    /// Every resolve returns a new strong reference, so both threads update the instance's
    /// reference count: the figure includes that shared cache line, for the hand-written
    /// code (which reads a stored reference) as much as for the containers.
    static func concurrentCachedHit() -> Scenario {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(.perRun(.strong))
        return cachedHit(
            "concurrentCachedHit", container: container, misses: misses, naiveLifetime: .cached,
            threads: 2)
    }
}
