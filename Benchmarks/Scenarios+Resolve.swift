import DICore
import DILifetime

extension Scenario {
    /// `transient`: a class with no dependencies, `.prototype`.
    static func transient() -> Scenario {
        let container = DIContainer()
        container.register(Leaf.init).lifetime(.prototype)
        let naive = NaiveContainer()
        naive.register { _ in Leaf() }
        return Scenario(
            "transient",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    sink.consume(container.resolve() as Leaf)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(Leaf()) }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations { sink.consume(naive.resolve(Leaf.self)) }
            })
    }

    /// `transientGraph`: A(B, C), B(D), C(D), all `.prototype` (D is made twice).
    static func transientGraph() -> Scenario {
        graph("transientGraph", shared: false)
    }

    /// `objectGraph`: the same graph with D `.objectGraph`, made once per resolve.
    static func objectGraph() -> Scenario {
        graph("objectGraph", shared: true)
    }

    private static func graph(_ name: String, shared: Bool) -> Scenario {
        let container = DIContainer()
        container.register(GraphA.init)
        container.register(GraphB.init)
        container.register(GraphC.init)
        container.register(GraphD.init).lifetime(shared ? .objectGraph : .prototype)
        let naive = NaiveContainer()
        naive.register { GraphA(b: $0.resolve(), c: $0.resolve()) }
        naive.register { GraphB(d: $0.resolve()) }
        naive.register { GraphC(d: $0.resolve()) }
        naive.register(shared ? .graph : .transient) { _ in GraphD() }
        let manual: Workload
        if shared {
            manual = { iterations, sink in
                for _ in 0..<iterations {
                    let d = GraphD()
                    sink.consume(GraphA(b: GraphB(d: d), c: GraphC(d: d)))
                }
            }
        } else {
            manual = { iterations, sink in
                for _ in 0..<iterations {
                    sink.consume(GraphA(b: GraphB(d: GraphD()), c: GraphC(d: GraphD())))
                }
            }
        }
        return Scenario(
            name,
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let a: GraphA = container.resolve()
                    sink.consume(a)
                }
            },
            manual: manual,
            naive: { iterations, sink in
                for _ in 0..<iterations { sink.consume(naive.resolve(GraphA.self)) }
            })
    }

    /// `deepChain20`: Chain0 needs Chain1, and so on up to Chain19, all `.prototype`.
    static func deepChain20() -> Scenario {
        let container = DIContainer()
        container.register(Chain0.init)
        container.register(Chain1.init)
        container.register(Chain2.init)
        container.register(Chain3.init)
        container.register(Chain4.init)
        container.register(Chain5.init)
        container.register(Chain6.init)
        container.register(Chain7.init)
        container.register(Chain8.init)
        container.register(Chain9.init)
        container.register(Chain10.init)
        container.register(Chain11.init)
        container.register(Chain12.init)
        container.register(Chain13.init)
        container.register(Chain14.init)
        container.register(Chain15.init)
        container.register(Chain16.init)
        container.register(Chain17.init)
        container.register(Chain18.init)
        container.register(Chain19.init)
        let naive = NaiveContainer()
        naive.register { Chain0(next: $0.resolve()) }
        naive.register { Chain1(next: $0.resolve()) }
        naive.register { Chain2(next: $0.resolve()) }
        naive.register { Chain3(next: $0.resolve()) }
        naive.register { Chain4(next: $0.resolve()) }
        naive.register { Chain5(next: $0.resolve()) }
        naive.register { Chain6(next: $0.resolve()) }
        naive.register { Chain7(next: $0.resolve()) }
        naive.register { Chain8(next: $0.resolve()) }
        naive.register { Chain9(next: $0.resolve()) }
        naive.register { Chain10(next: $0.resolve()) }
        naive.register { Chain11(next: $0.resolve()) }
        naive.register { Chain12(next: $0.resolve()) }
        naive.register { Chain13(next: $0.resolve()) }
        naive.register { Chain14(next: $0.resolve()) }
        naive.register { Chain15(next: $0.resolve()) }
        naive.register { Chain16(next: $0.resolve()) }
        naive.register { Chain17(next: $0.resolve()) }
        naive.register { Chain18(next: $0.resolve()) }
        naive.register { _ in Chain19() }
        return Scenario(
            "deepChain20",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let head: Chain0 = container.resolve()
                    sink.consume(head)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations { sink.consume(makeChainByHand()) }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations { sink.consume(naive.resolve(Chain0.self)) }
            })
    }
}

/// The chain built by hand.
@inline(__always)
private func makeChainByHand() -> Chain0 {
    let c19 = Chain19()
    let c18 = Chain18(next: c19)
    let c17 = Chain17(next: c18)
    let c16 = Chain16(next: c17)
    let c15 = Chain15(next: c16)
    let c14 = Chain14(next: c15)
    let c13 = Chain13(next: c14)
    let c12 = Chain12(next: c13)
    let c11 = Chain11(next: c12)
    let c10 = Chain10(next: c11)
    let c9 = Chain9(next: c10)
    let c8 = Chain8(next: c9)
    let c7 = Chain7(next: c8)
    let c6 = Chain6(next: c7)
    let c5 = Chain5(next: c6)
    let c4 = Chain4(next: c5)
    let c3 = Chain3(next: c4)
    let c2 = Chain2(next: c3)
    let c1 = Chain1(next: c2)
    return Chain0(next: c1)
}
