import DICore
import DILifetime

extension Scenario {
    /// `cachedHit.perContainer`, `.perRun`, `.single`: an instance already made, fetched again.
    ///
    /// `cachedHit.named` (`alsoNamed`): `.perContainer(.strong)` with a second, named
    /// registration of `Leaf`, so its type has a binding, whose primary (the unnamed one) the
    /// table's word for the type is: the resolve reads it as a lone component's.
    static func cachedHit(_ name: String, _ lifetime: DIComponentLifetime, eager: Bool = false, alsoNamed: Bool = false)
        -> Scenario
    {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(lifetime)
        if alsoNamed { container.register(Leaf.init).named("other") }
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

    /// `cachedHit.superclass`: `cachedHit.perContainer` with the class exposed as its
    /// superclass (`.as(BaseService.self)`) and resolved as it.
    static func cachedHitSuperclass() -> Scenario {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> DerivedService in
            misses.increment()
            return DerivedService()
        }
        .as(BaseService.self)
        .lifetime(.perContainer(.strong))
        let held: BaseService = container.resolve()
        let naive = NaiveContainer()
        naive.register(BaseService.self, .cached) { _ in DerivedService() }
        let naiveHeld = naive.resolve(BaseService.self)
        return Scenario(
            "cachedHit.superclass",
            library: { iterations, sink in
                withExtendedLifetime(held) {
                    for _ in 0..<iterations { sink.consume(container.resolve() as BaseService) }
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(held) }
            },
            naive: { iterations, sink in
                withExtendedLifetime(naiveHeld) {
                    for _ in 0..<iterations { sink.consume(naive.resolve(BaseService.self)) }
                }
            },
            misses: misses)
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

    /// `concurrentCachedHit.distinct`: two threads, each resolving its own cached
    /// `.perRun(.strong)` component, so no instance's reference count is shared: the scaling
    /// shows whether the library itself writes anything both threads share.
    static func concurrentCachedHitDistinct() -> Scenario {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> Leaf in
            misses.increment()
            return Leaf()
        }
        .lifetime(.perRun(.strong))
        container.register { () -> OtherLeaf in
            misses.increment()
            return OtherLeaf()
        }
        .lifetime(.perRun(.strong))
        let held = (container.resolve() as Leaf, container.resolve() as OtherLeaf)
        let naive = NaiveContainer()
        naive.register(.cached) { _ in Leaf() }
        naive.register(.cached) { _ in OtherLeaf() }
        let naiveHeld = (naive.resolve(Leaf.self), naive.resolve(OtherLeaf.self))
        // Each run of a workload takes the next slot, so the two threads of a concurrent
        // probe take one component each.
        let nextSlot = Counter()
        return Scenario(
            "concurrentCachedHit.distinct",
            library: { iterations, sink in
                if nextSlot.next() % 2 == 0 {
                    for _ in 0..<iterations { sink.consume(container.resolve() as Leaf) }
                } else {
                    for _ in 0..<iterations { sink.consume(container.resolve() as OtherLeaf) }
                }
            },
            manual: { iterations, sink in
                let object: AnyObject = nextSlot.next() % 2 == 0 ? held.0 : held.1
                for _ in 0..<iterations { sink.consume(object) }
            },
            naive: { iterations, sink in
                withExtendedLifetime(naiveHeld) {
                    if nextSlot.next() % 2 == 0 {
                        for _ in 0..<iterations { sink.consume(naive.resolve(Leaf.self)) }
                    } else {
                        for _ in 0..<iterations { sink.consume(naive.resolve(OtherLeaf.self)) }
                    }
                }
            },
            misses: misses,
            threads: 2)
    }
}
