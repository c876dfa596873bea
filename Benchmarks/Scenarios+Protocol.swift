import DICore
import DILifetime

/// The `*.protocol` scenarios: an implementation exposed as a protocol, registered as the
/// README's quick start does (`register(SystemClock.init).as(Clock.self)`), resolved as the
/// protocol; each beside its concrete twin (`cachedHit.perContainer`, `transient`,
/// `transientGraph`). The naive container keys the protocol and casts its erased instance to
/// it, as a container that stores instances as `AnyObject` does.
extension Scenario {
    /// `cachedHit.protocol`: `.perContainer(.strong)`, the instance already made.
    static func cachedHitProtocol() -> Scenario {
        let misses = Counter()
        let container = DIContainer()
        container.register { () -> SystemClock in
            misses.increment()
            return SystemClock()
        }
        .as(Clock.self)
        .lifetime(.perContainer(.strong))
        let held: any Clock = container.resolve()
        let naive = NaiveContainer()
        naive.register(Clock.self, .cached) { _ in SystemClock() }
        let naiveHeld = naive.resolve(Clock.self)
        return Scenario(
            "cachedHit.protocol",
            library: { iterations, sink in
                withExtendedLifetime(held) {
                    for _ in 0..<iterations {
                        sink.consume(container.resolve() as any Clock)
                    }
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(held) }
            },
            naive: { iterations, sink in
                withExtendedLifetime(naiveHeld) {
                    for _ in 0..<iterations { sink.consume(naive.resolve(Clock.self)) }
                }
            },
            misses: misses)
    }

    /// `transient.protocol`: a class with no dependencies exposed as a protocol, `.prototype`.
    static func transientProtocol() -> Scenario {
        let container = DIContainer()
        container.register(SystemClock.init).as(Clock.self)
        let naive = NaiveContainer()
        naive.register(Clock.self) { _ in SystemClock() }
        return Scenario(
            "transient.protocol",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    sink.consume(container.resolve() as any Clock)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(SystemClock() as any Clock) }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations { sink.consume(naive.resolve(Clock.self)) }
            })
    }

    /// `transientGraph.protocol`: `transientGraph`'s A(B, C), B(D), C(D), all `.prototype`,
    /// each class exposed as a protocol and taking the others as protocols.
    static func transientGraphProtocol() -> Scenario {
        let container = DIContainer()
        container.register(ProtocolGraphA.init).as(GraphAService.self)
        container.register(ProtocolGraphB.init).as(GraphBService.self)
        container.register(ProtocolGraphC.init).as(GraphCService.self)
        container.register(ProtocolGraphD.init).as(GraphDService.self)
        let naive = NaiveContainer()
        naive.register(GraphAService.self) {
            ProtocolGraphA(b: $0.resolve(GraphBService.self), c: $0.resolve(GraphCService.self))
        }
        naive.register(GraphBService.self) { ProtocolGraphB(d: $0.resolve(GraphDService.self)) }
        naive.register(GraphCService.self) { ProtocolGraphC(d: $0.resolve(GraphDService.self)) }
        naive.register(GraphDService.self) { _ in ProtocolGraphD() }
        return Scenario(
            "transientGraph.protocol",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let a: any GraphAService = container.resolve()
                    sink.consume(a)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations {
                    let a: any GraphAService = ProtocolGraphA(
                        b: ProtocolGraphB(d: ProtocolGraphD()), c: ProtocolGraphC(d: ProtocolGraphD()))
                    sink.consume(a)
                }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations { sink.consume(naive.resolve(GraphAService.self)) }
            })
    }
}
