import DICore
import DIHierarchy
import DILifetime
import Dispatch
import Synchronization

/// Runs `body` in a task and waits on this thread until it ends.
///
/// A workload is synchronous, and the awaited scenarios measure code that awaits. One task per
/// workload call, the same for every side.
func runAwaiting(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await body()
        done.signal()
    }
    done.wait()
}

/// The hand-written async baselines: what code awaiting its own factories writes.
@inline(never)
func handCachedAsync(_ leaf: Leaf) async -> Leaf { leaf }

@inline(never)
func handGraphAsync() async -> GraphA {
    let d = GraphD()
    return GraphA(b: GraphB(d: d), c: GraphC(d: d))
}

/// An async factory that does not suspend, as most async factories on a warm path do not.
@inline(never)
func makeGraphD() async -> GraphD { GraphD() }

@inline(never)
func makeRequestContext() async -> RequestContext { RequestContext() }

@inline(never)
func handAsyncGraphAsync() async -> GraphA {
    let d = await makeGraphD()
    return GraphA(b: GraphB(d: d), c: GraphC(d: d))
}

@inline(never)
func handRequestAsync(first: Service1, second: Service2) async -> RequestHandler {
    let context = await makeRequestContext()
    return RequestHandler(
        user: RequestUser(context: context), auth: RequestAuth(context: context),
        log: RequestLog(context: context), first: first, second: second)
}

extension Scenario {
    /// `awaited.cachedHit`: `try await resolveAsync` of a `.perContainer(.strong)` instance
    /// already made; beside the synchronous resolve of it and an async function returning a
    /// stored reference.
    static func awaitedCachedHit() -> Scenario {
        let container = DIContainer()
        container.register(Leaf.init).lifetime(.perContainer(.strong))
        let held: Leaf = container.resolve()
        let naive = NaiveContainer()
        naive.register(.cached) { _ in Leaf() }
        return Scenario(
            "awaited.cachedHit",
            library: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(try! await container.resolveAsync(Leaf.self)) }
                }
            },
            manual: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(await handCachedAsync(held)) }
                }
            },
            naive: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(naive.resolve(Leaf.self)) }
                }
            },
            synchronousTwin: { iterations, sink in
                for _ in 0..<iterations { sink.consume(container.resolve() as Leaf) }
            })
    }

    /// `awaited.transientGraph`: the graph A(B, C), B(D), C(D) with no async factory, awaited.
    static func awaitedTransientGraph() -> Scenario {
        let container = DIContainer()
        container.register(GraphA.init)
        container.register(GraphB.init)
        container.register(GraphC.init)
        container.register(GraphD.init)
        let naive = makeNaiveGraph()
        return Scenario(
            "awaited.transientGraph",
            library: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(try! await container.resolveAsync(GraphA.self)) }
                }
            },
            manual: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(await handGraphAsync()) }
                }
            },
            naive: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(naive.resolve(GraphA.self)) }
                }
            },
            synchronousTwin: { iterations, sink in
                for _ in 0..<iterations { sink.consume(container.resolve() as GraphA) }
            })
    }

    /// `awaited.asyncGraph`: the same graph with D made by an async factory; its synchronous
    /// twin is the graph with D's factory synchronous.
    static func awaitedAsyncGraph() -> Scenario {
        let container = DIContainer()
        container.register(GraphA.init)
        container.register(GraphB.init)
        container.register(GraphC.init)
        container.register { () async -> GraphD in await makeGraphD() }
        let twin = DIContainer()
        twin.register(GraphA.init)
        twin.register(GraphB.init)
        twin.register(GraphC.init)
        twin.register(GraphD.init)
        let naive = makeNaiveGraph()
        return Scenario(
            "awaited.asyncGraph",
            library: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(try! await container.resolveAsync(GraphA.self)) }
                }
            },
            manual: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(await handAsyncGraphAsync()) }
                }
            },
            naive: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(naive.resolve(GraphA.self)) }
                }
            },
            synchronousTwin: { iterations, sink in
                for _ in 0..<iterations { sink.consume(twin.resolve() as GraphA) }
            })
    }

    /// `awaited.request`: `requestScope`'s request with the context made by an async factory,
    /// awaited; its synchronous twin is `requestScope`'s library side.
    static func awaitedRequest() -> Scenario {
        let application = makeApplication()
        let naiveApplication = makeNaiveApplication()
        let first: Service1 = application.resolve()
        let second: Service2 = application.resolve()
        return Scenario(
            "awaited.request",
            library: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations {
                        let request = DIContainer(parent: application)
                        request.register { () async -> RequestContext in await makeRequestContext() }
                            .lifetime(.perContainer(.strong))
                        request.register(RequestUser.init).lifetime(.perContainer(.strong))
                        request.register(RequestAuth.init).lifetime(.perContainer(.strong))
                        request.register(RequestLog.init).lifetime(.perContainer(.strong))
                        request.register(RequestHandler.init).lifetime(.perContainer(.strong))
                        sink.consume(try! await request.resolveAsync(RequestHandler.self))
                    }
                }
            },
            manual: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations { sink.consume(await handRequestAsync(first: first, second: second)) }
                }
            },
            naive: { iterations, _ in
                runAwaiting {
                    let sink = Sink()
                    for _ in 0..<iterations {
                        let request = NaiveContainer(parent: naiveApplication)
                        registerRequest(in: request)
                        sink.consume(request.resolve(RequestHandler.self))
                    }
                }
            },
            synchronousTwin: { iterations, sink in
                for _ in 0..<iterations {
                    let request = DIContainer(parent: application)
                    registerRequest(in: request)
                    sink.consume(request.resolve() as RequestHandler)
                }
            })
    }
}

/// The naive container's transient graph A(B, C), B(D), C(D).
func makeNaiveGraph() -> NaiveContainer {
    let naive = NaiveContainer()
    naive.register { GraphA(b: $0.resolve(), c: $0.resolve()) }
    naive.register { GraphB(d: $0.resolve()) }
    naive.register { GraphC(d: $0.resolve()) }
    naive.register { _ in GraphD() }
    return naive
}
