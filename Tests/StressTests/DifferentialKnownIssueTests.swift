import DICore
import DILifetime
import Dispatch
import Foundation
import Synchronization
import Testing

// The minimal graph of each disagreement the differential suite found (issues 24 and 37), run
// through every door: each failed before its fix, and every door agrees on it now.

/// Every door compared, but the ones a switch of `DifferentialOptions` keeps out for a known
/// issue (each has its own test below).
private let allShapes = DifferentialOptions()

private func node(_ index: Int) -> Target { Target(index: index) }
private func face(_ index: Int) -> Target { Target(index: Target.faceBase + index) }

private func dependency(
    _ target: Target, _ kind: DependencyKind = .one, _ wrapper: WrapperSpec = .plain, qualifier: QualifierSpec? = nil
) -> DependencySpec {
    DependencySpec(target: target, kind: kind, qualifier: qualifier, wrapper: wrapper)
}

private func component(
    _ node: Int, in container: Int = 0, _ lifetime: LifetimeKind = .prototype, faces: [Int] = [],
    isDefault: Bool = false, taking dependencies: [DependencySpec] = [], qualifier: QualifierSpec? = nil,
    takesArgument: Bool = false, isolation: IsolationSpec = .nonisolated, injected: DependencySpec? = nil,
    injectionIsolation: IsolationSpec = .nonisolated, postInit: ActionSpec? = nil, madeElsewhere: Bool = false
) -> ComponentSpec {
    var spec = ComponentSpec(
        node: node, container: container, lifetime: lifetime, faces: faces, isDefault: isDefault,
        dependencies: dependencies)
    spec.qualifier = qualifier
    spec.takesArgument = takesArgument
    spec.isolation = isolation
    spec.injected = injected
    spec.injectionIsolation = injectionIsolation
    spec.postInit = postInit
    spec.madeElsewhere = madeElsewhere
    return spec
}

private func request(_ dependency: DependencySpec, from origin: Int = 0) -> Request {
    Request(dependency: dependency, origin: origin)
}

/// Runs `graph` through every door and expects no disagreement.
private func expectEveryDoorAgrees(
    _ graph: GraphSpec, options: DifferentialOptions = allShapes, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let problem = await DifferentialRun(graph: graph, options: options).run()
    #expect(problem == nil, "\(problem?.description ?? "")\n\(graph)", sourceLocation: sourceLocation)
}

@Suite struct DifferentialKnownIssueTests {
    // MARK: Point 1: a failed resolve keeps nothing it built

    /// A `.perRun` component whose injection needs something missing: every resolve fails
    /// the same way (the cached instance was kept, its injection never run).
    @Test func aFailedInjectionLeavesNoCachedInstance() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(4, .perRun, injected: dependency(face(0)))],
            requests: [request(dependency(node(4)))])
        await expectEveryDoorAgrees(graph)
    }

    /// The same through a prototype dependency of a `.custom` component: the dependency's
    /// injection fails, and the cached holder is not kept.
    @Test func aFailedInjectionOfADependencyLeavesNoCachedHolder() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(2, in: 1, .custom, taking: [dependency(node(1))]),
                component(1, injected: dependency(node(0))),
            ],
            requests: [request(dependency(node(2)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    /// The synchronous door fails `.requiresAsync` on an injection of a main-actor
    /// component, and keeps nothing: asked again, it fails again.
    @Test func aSynchronousRequiresAsyncLeavesNoCachedInstance() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(6, .custom, qualifier: .tagA, injected: dependency(node(5), .maybe)),
                component(5, isolation: .mainActor),
            ],
            requests: [request(dependency(node(6), qualifier: .tagA))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 2: validation and the DOT export vs resolve through a hierarchy

    /// A child's `.perRun` component takes a type only the grandchild registers: from the
    /// grandchild, the resolve fails `.notRegistered` (the component is built from the child's
    /// point of view) and validation reports it.
    @Test func validationOfACachedComponentSeesWhatItsResolveSees() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(6, in: 1, .perRun, taking: [dependency(node(5))]),
                component(5, in: 2),
            ],
            requests: [request(dependency(node(6)), from: 2)],
            hasGrandchild: true)
        await expectEveryDoorAgrees(graph)
    }

    /// A parent's `.perRun` component takes a type the parent registers twice and the child
    /// once: from the child, the resolve fails `.ambiguous` and validation reports it.
    @Test func validationOfACachedComponentSeesItsAmbiguity() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(0), component(0), component(0, in: 1),
                component(1, .perRun, taking: [dependency(node(0))]),
            ],
            requests: [request(dependency(node(1)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    /// A parent's `.single` component takes, through a `Lazy`, a prototype whose dependency
    /// only the child registers: from the child, the read fails and validation reports it.
    @Test func validationOfAPrototypeInsideACachedComponent() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(2, in: 1),
                component(4, taking: [dependency(node(2))]),
                component(7, .single, taking: [dependency(node(4), .maybe, .lazy)]),
            ],
            requests: [request(dependency(node(7)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    /// A parent's `.perRun` component takes `Node<K4>?`, which only the child registers:
    /// the resolve from the child gives it `nil`, and the DOT export draws no edge.
    @Test func theDOTExportDrawsTheEdgesTheResolveBuilds() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [component(4, in: 1), component(6, .perRun, taking: [dependency(node(4), .maybe)])],
            requests: [request(dependency(node(6)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 3: the awaited resolve of a wrapper ignores its arguments, name or tag

    /// `resolveAsync([Node<K6>].self, arguments: 67)` of an async component awaits it.
    @Test func anAwaitedArrayWithArgumentsAwaits() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(6, takesArgument: true, isolation: .async)],
            requests: [request(dependency(node(6), .many))])
        await expectEveryDoorAgrees(graph)
    }

    /// `resolveAsync(Named<NameB, Node<K11>>.self, arguments: 117)` of an async component
    /// awaits it.
    @Test func anAwaitedNamedWithArgumentsAwaits() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(11, qualifier: .nameB, takesArgument: true, isolation: .async)],
            requests: [request(dependency(node(11), qualifier: .nameB))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 4: `Lazy` and `Provider` drop arguments

    /// `resolve(Provider<any Face0>.self, arguments: 17)`, then a read, builds with 17, as the
    /// resolve of `Face0` does.
    @Test func aProviderKeepsItsArguments() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(1, faces: [0], takesArgument: true)],
            requests: [request(dependency(face(0)))])
        await expectEveryDoorAgrees(graph)
    }

    /// `resolve(Lazy<Node<K1>>.self, arguments: 17)`, then a read, builds with 17.
    @Test func aLazyKeepsItsArguments() async throws {
        let container = DIContainer()
        container.register { (value: Argument<Int>) in DNode<K1>(componentID: 0, seen: [.argument(value.value)]) }
        let lazy = try container.resolve(Lazy<DNode<K1>>.self, arguments: 17)
        let node = try await lazy.resolvedValue()
        guard case .argument(let value) = node.seen.first else {
            Issue.record("the read was given \(node.seen), not the argument")
            return
        }
        #expect(value == 17)
    }

    /// A `Lazy` dependency on a cached component that takes an `Argument`, built before: the
    /// read finds the cached instance, and validation agrees it works.
    @Test func validationOfALazyOfACachedComponentWithArguments() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(5, taking: [dependency(node(2), .one, .lazy)]),
                component(2, .custom, takesArgument: true),
            ],
            requests: [request(dependency(node(2))), request(dependency(node(5)))])
        await expectEveryDoorAgrees(graph)
    }

    /// `Lazy<Face1>?` reaching, through `Node<K2>`, a component that takes an `Argument`
    /// addressed to it: the read keeps the addressed arguments of its resolve.
    @Test func aLazyKeepsTheAddressedArgumentsOfItsResolve() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(8, taking: [dependency(face(1), .maybe, .lazy)]),
                component(2, faces: [1], taking: [dependency(node(1))]),
                component(1, takesArgument: true),
            ],
            requests: [request(dependency(node(8)))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 6: two problems, two answers

    /// An ambiguous first parameter and a main-actor component with a missing dependency in
    /// the second: the synchronous and the awaited resolve both say `.ambiguous`.
    @Test func oneOrderOfChecksForEveryDoor() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(7, faces: [1], isDefault: true),
                component(7, faces: [1], isDefault: true),
                component(11, taking: [dependency(face(1)), dependency(node(6), .many)]),
                component(6, taking: [dependency(node(0))], isolation: .mainActor),
            ],
            requests: [request(dependency(node(11)))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 7 (a shape the issue does not list): `[Provider<T>]` and `[Lazy<T>]`

    /// `[Provider<any Face0>]` over a plain and an async component: the awaited read of the
    /// async one's `Provider` awaits it.
    @Test func anAwaitedReadOfAProviderInAnArrayAwaits() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [component(0, faces: [0]), component(1, faces: [0], isolation: .async)],
            requests: [request(dependency(face(0), .many, .provider))])
        await expectEveryDoorAgrees(graph)
    }

    /// An injected `[Lazy<Node<K0>>]` over a named main-actor component: its awaited read
    /// awaits it, its read on the main actor builds it there.
    @Test func anAwaitedReadOfALazyInAnArrayAwaits() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(8, injected: dependency(node(0), .many, .lazy)),
                component(0, qualifier: .nameA, isolation: .mainActor),
            ],
            requests: [request(dependency(node(8)))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Point 10: main-actor components on the main actor

    /// `resolve(Lazy<Node<K8>>.self)` on the main actor, of a main-actor component: the
    /// synchronous read on the main actor builds it.
    @Test func aLazyReadOnTheMainActorTakesItsIsolation() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(8, isolation: .mainActor)],
            requests: [request(dependency(node(8), .one, .lazy))])
        await expectEveryDoorAgrees(graph)
    }

    /// `resolve(Provider<Node<K6>>.self)` on the main actor, where `Node<K6>` takes a
    /// main-actor component: the synchronous read on the main actor builds it.
    @Test func aProviderReadOnTheMainActorTakesItsIsolation() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [component(2, isolation: .mainActor), component(6, taking: [dependency(node(2))])],
            requests: [request(dependency(node(6), .one, .provider))])
        await expectEveryDoorAgrees(graph)
    }

    /// `resolve(Node<K2>.self, arguments: .for(Node<K0>.self, 7))` on the main actor, of a
    /// main-actor component, builds it there, as `resolve(Node<K2>.self)` does.
    @Test func anAddressedArgumentResolveOnTheMainActorTakesItsIsolation() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [component(0, takesArgument: true), component(2, isolation: .mainActor)],
            requests: [request(dependency(node(2)))])
        await expectEveryDoorAgrees(graph)
    }

    /// `resolve(Node<K2>.self, arguments: 27)` on the main actor, of a main-actor component,
    /// builds it there.
    @Test func aPositionalArgumentResolveOnTheMainActorTakesItsIsolation() async {
        let graph = GraphSpec(
            hasChild: false, components: [component(2, takesArgument: true, isolation: .mainActor)],
            requests: [request(dependency(node(2)))])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: The harness reads each point of view (the library was right)

    /// A child's `.prototype` built for a child's `.single` and for a grandchild's component:
    /// two DOT nodes, labelled with their point of view, both with their edges.
    @Test func theDOTNodesOfAComponentBuiltFromTwoPointsOfViewKeepTheirEdges() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(2, in: 1, faces: [0]),
                component(6, in: 1, .single, taking: [dependency(node(2))]),
                component(10, in: 2, taking: [dependency(face(0))]),
            ],
            requests: [request(dependency(node(10)), from: 2), request(dependency(node(6)), from: 2)],
            hasGrandchild: true)
        await expectEveryDoorAgrees(graph)
    }

    /// A child's `.perRun` component takes `Provider<Node<K1>>?`, whose dependency nobody
    /// registers: from the grandchild, the read fails and validation reports it.
    @Test func validationReportsWhatAProviderReadFailsOn() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(1, in: 1, taking: [dependency(node(0))]),
                component(2, in: 1, .perRun, faces: [0], taking: [dependency(node(1), .maybe, .provider)]),
            ],
            requests: [request(dependency(face(0)), from: 2)],
            hasGrandchild: true)
        await expectEveryDoorAgrees(graph)
    }

    /// A parent's `.prototype` whose dependency only the child registers, also taken by a
    /// parent's `.perRun` one: from the child it resolves, and validation's missing dependency
    /// is on the node built as the parent sees the graph, which that resolve does not reach.
    @Test func validationOfAPrototypeLooksAtItsOwnPointOfView() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(10, taking: [dependency(node(4))]),
                component(4, in: 1),
                component(11, .perRun, taking: [dependency(node(10), .maybe)]),
            ],
            requests: [request(dependency(node(10)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    /// A parent's `.perRun` component takes a parent's `.prototype` that takes `[Node<K3>]`,
    /// which only the child registers: from the child, the prototype inside is built as the
    /// parent sees the graph (an empty array), and its DOT node for that point of view agrees.
    @Test func theDOTEdgesOfAPrototypeInsideACachedComponentAreThoseOfItsPointOfView() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(10, .perRun, taking: [dependency(node(7), .maybe)], qualifier: .nameA),
                component(3, in: 1),
                component(7, taking: [dependency(node(3), .many)]),
            ],
            requests: [request(dependency(node(10), qualifier: .nameA), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    // MARK: Issue 37: actions, `inject(into:)` and concurrency as doors

    /// An async `.perContainer` component with a `postInit`, taken as `[Node<K1>]` and as
    /// `Node<K1>` by one resolve: the awaited resolve scheduled its actions at each take of
    /// the prepared instance, and the `postInit` ran twice.
    @Test func anAsyncCachedComponentTakenTwiceRunsItsPostInitOnce() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(10, taking: [dependency(node(1), .many), dependency(node(1))]),
                component(1, .perContainer, isolation: .async, postInit: ActionSpec(isolation: .nonisolated)),
            ],
            requests: [request(dependency(node(10)))])
        await expectEveryDoorAgrees(graph)
    }

    /// `[Provider<Face1>]` over a component registered by its type: the array holds its
    /// `Provider`, whose read fails, and validation reported nothing (it accepted the array
    /// as it accepts `[Face1]`, which leaves the component out).
    @Test func validationReportsAProviderOfAComponentMadeElsewhereInAnArray() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(0, faces: [0, 1], madeElsewhere: true),
                component(9, taking: [dependency(face(1), .many, .provider)], qualifier: .nameA),
            ],
            requests: [request(dependency(node(9), qualifier: .nameA))])
        await expectEveryDoorAgrees(graph)
    }

    /// An injected `[Node<K1>]` over a component registered by its type with an async
    /// `postInit`: the awaited resolve failed `.notRegistered` (the component was one only an
    /// awaited resolve builds, which failed in its preparation) where `[T]` leaves it out.
    @Test func anArrayLeavesOutAComponentMadeElsewhereWithAnAsyncPostInit() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(8, taking: [dependency(face(0))]),
                component(3, faces: [0], injected: dependency(node(1), .many)),
                component(1, postInit: ActionSpec(isolation: .async), madeElsewhere: true),
            ],
            requests: [request(dependency(node(8)))])
        await expectEveryDoorAgrees(graph)
    }

    /// `[Face1]` over a main-actor `.custom` component and an async one (its injection is
    /// async) that takes it: the preparation walked the main-actor one first, for the pass,
    /// and not again for the async build, which then ran without it off the main actor:
    /// `.requiresAsync` from the awaited door.
    @Test func anAsyncFactoryTakesAMainActorComponentWalkedBefore() async {
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(8, taking: [dependency(face(1), .many)]),
                component(2, .custom, faces: [1], isolation: .mainActor),
                component(
                    5, faces: [1], taking: [dependency(node(2))], injected: dependency(node(1), .many),
                    injectionIsolation: .async),
            ],
            requests: [request(dependency(node(8)))])
        await expectEveryDoorAgrees(graph)
        // The same one step further: a nonisolated cached component between, whose
        // `.prototype` dependency has a main-actor `postInit`.
        let deeper = GraphSpec(
            hasChild: false,
            components: [
                component(8, taking: [dependency(face(1), .many)]),
                component(1, postInit: ActionSpec(isolation: .mainActor)),
                component(2, .custom, faces: [1], taking: [dependency(node(1), .many)]),
                component(
                    5, faces: [1], taking: [dependency(node(2))], injected: dependency(node(1), .one, .provider),
                    injectionIsolation: .async),
            ],
            requests: [request(dependency(node(8)))])
        await expectEveryDoorAgrees(deeper)
    }

    /// A parent's `.prototype` taking `Node<K0>`, which the parent registers by its type and
    /// the child with a factory, also taken by a parent's cached component: from the child it
    /// resolves, and validation's finding on the prototype built as the parent sees the graph
    /// did not say so (every other missing dependency's finding does), so it read as the
    /// child's.
    @Test func validationSaysWhoseViewADependencyMadeElsewhereIsFoundFrom() async {
        let graph = GraphSpec(
            hasChild: true,
            components: [
                component(0, in: 1),
                component(1, faces: [0], taking: [dependency(node(0))]),
                component(0, madeElsewhere: true),
                component(6, .custom, injected: dependency(node(1))),
            ],
            requests: [request(dependency(face(0)), from: 1)])
        await expectEveryDoorAgrees(graph)
    }

    /// A main-actor `postInit` and a `.perContainer(.weak)` async dependency, from four
    /// threads and four tasks at once (the race itself: `AwaitedMainActorActionsTests.anAwaitedResolveHoldsTheWeakInstanceItsPreparationFound`).
    @Test func concurrentAwaitedResolvesOfAWeakAsyncComponent() async {
        var weak = component(4, .perContainer, faces: [1], isDefault: true, isolation: .async)
        weak.isWeak = true
        let graph = GraphSpec(
            hasChild: false,
            components: [
                component(
                    9, taking: [dependency(face(1)), dependency(node(4), qualifier: .nameB)],
                    postInit: ActionSpec(isolation: .mainActor)),
                weak,
            ],
            requests: [request(dependency(node(9)))])
        for _ in 0..<20 { await expectEveryDoorAgrees(graph) }
    }

    /// Tasks awaiting a component whose build another task holds across an await all return.
    ///
    /// The first task's awaited resolve builds a `.perContainer` component with a `postInit`
    /// (provisional until the resolve ends) for a prototype with an async property injection,
    /// and awaits that injection holding the build; each other task's synchronous pass meets
    /// that build. It used to wait for it blocking its cooperative thread: with one such task
    /// per thread of the pool, the first never resumed. Now each drops what it holds, suspends
    /// until the build has ended, and starts over. Run in a process of its own, which a
    /// watchdog ends after 20 s, so a hang holds none of this process's threads.
    @Test func tasksWaitingForABuildHeldAcrossAnAwaitAllReturn() async {
        await #expect(processExitsWith: .success) {
            await tasksWaitForABuildHeldAcrossAnAwait()
        }
    }
}

/// Reports each wait for a build at once (`DIContainer.slowBuildWarning` is zero).
private final class WaitCounter: DIObserver {
    let waits = DispatchSemaphore(value: 0)
    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) { waits.signal() }
}

private final class HeldAcrossAwait: Sendable { init() {} }
private final class Holder: Sendable {
    let held: HeldAcrossAwait
    init(held: HeldAcrossAwait) { self.held = held }
}
private final class Piece: Sendable { init() {} }

/// The scenario of `tasksWaitingForABuildHeldAcrossAnAwaitAllReturn`: exits 0 if every task
/// returned the graph, 1 if the watchdog fired first.
private func tasksWaitForABuildHeldAcrossAnAwait() async {
    DIContainer.slowBuildWarning = .zero
    let watchdog = DispatchWorkItem {
        print("tasks waiting for a build held across an await: still waiting after 20 s")
        exit(1)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
    let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
    let injections = Protected(0)
    let counter = WaitCounter()
    let container = DIContainer()
    container.addObserver(counter)
    container.register { Piece() }
    container.register { HeldAcrossAwait() }.lifetime(.perContainer(.strong)).postInit { (_: HeldAcrossAwait) in }
    container.register(Holder.init)
        .injection { (_: Holder, _: Piece) async in
            // Only the first resolve's injection waits for the test.
            let count = injections.withLock { count -> Int in
                count += 1
                return count
            }
            guard count == 1 else { return }
            enteredSignal.yield()
            for await _ in release { break }
        }
    let first = Task.detached { try? await container.resolveAsync(Holder.self) }
    for await _ in entered { break }
    // One waiting task per cooperative thread, each of which used to block its thread in the
    // build gate.
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let others = (0..<threads).map { _ in
        Task.detached { try? await container.resolveAsync(Holder.self) }
    }
    for _ in 0..<threads { counter.waits.wait() }
    releaseSignal.yield()
    guard let held = await first.value?.held else {
        print("the first resolve failed")
        exit(1)
    }
    for task in others where await task.value?.held !== held {
        print("a waiting resolve failed, or got another HeldAcrossAwait")
        exit(1)
    }
    precondition(injections.withLock { $0 } == threads + 1, "one injection per Holder")
    watchdog.cancel()
}
