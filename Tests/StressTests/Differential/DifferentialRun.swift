import DICore
import DIHierarchy
import DILifetime
import DIScopes
import Dispatch
import Synchronization
import TestSupport

/// The property of the differential suite a result breaks.
enum DifferentialProperty: String, Sendable, CaseIterable {
    /// Validation finds no error on a component (or on what it reaches) ⇔ resolving it succeeds.
    case validationMatchesResolve
    /// The synchronous resolve answers as the awaited one (unless it needs `await`).
    case syncMatchesAwaited
    /// The synchronous resolve on the main actor answers as the awaited one (unless a
    /// component is async).
    case mainActorMatchesAwaited
    /// `Provider<T>` then a read answers as resolving `T`.
    case providerMatchesAwaited
    /// `Lazy<T>` then a read answers as resolving `T`.
    case lazyMatchesAwaited
    /// The same request, asked again through the same door, answers the same.
    case askedTwiceAnswersTheSame
    /// An awaited door never answers `.requiresAsync`.
    case awaitedNeverRequiresAsync
    /// A cached component (strong) has one instance, whatever door and container made it.
    case cachedInstanceIsShared
    /// The DOT export's edges from a built component are the components it was given.
    case dotEdgesMatchResolve
    /// Every instance met ran its component's actions once each, the property injection
    /// first, its `postInit` after every action of the instances given to it.
    case actionsRunOnceInOrder
    /// The same request from four threads (or four tasks) at once answers as it does alone.
    case concurrentMatchesAlone
    /// `inject(into:)` answers the same off the main actor and on it (unless it needs the main
    /// actor), and injects what a resolve of the component injects.
    case injectIntoMatchesResolve
    /// Every door answers within `DifferentialRun.requestDeadline`.
    case noDoorHangs
}

struct DifferentialProblem: Sendable, CustomStringConvertible {
    let property: DifferentialProperty
    let text: String
    /// What a smaller graph must still show to count as the same failure while shrinking:
    /// the property, and the door and answers involved.
    var signature: String = ""

    var description: String { "\(property): \(text)" }
}

/// One random graph registered in fresh containers (parent, child, grandchild) and every
/// request asked through every door, one after another; the answers are compared with each
/// other, with validation and with the DOT export.
struct DifferentialRun {
    let graph: GraphSpec
    var options = DifferentialOptions()

    /// What a door answered: a realized result or the resolve's error.
    enum Answer: CustomStringConvertible {
        case value(Tree)
        case error(DIError)

        var description: String {
            switch self {
            case .value(let tree): "\(tree)"
            case .error(let error): "error \(error.code): \(error)"
            }
        }

        /// Equal outcomes: the same realized result (with the same sharing, when `sharing`),
        /// or errors with the same code.
        func matches(_ other: Answer, sharing: Bool) -> Bool {
            switch (self, other) {
            case (.value(let a), .value(let b)): sharing ? a == b : a.erasingSharing() == b.erasingSharing()
            case (.error(let a), .error(let b)): a.code == b.code
            default: false
            }
        }

        var codes: [DIError.Code] {
            switch self {
            case .value(let tree): tree.failures
            case .error(let error): [error.code]
            }
        }

        var succeeded: Bool { codes.isEmpty }

        var isError: Bool {
            if case .error = self { return true }
            return false
        }

        /// The answer in a word, for a failure's signature: a value, a value with a failed
        /// read inside, or the code of the error.
        var kind: String {
            switch self {
            case .value(let tree): tree.failures.isEmpty ? "value" : "value with \(tree.failures[0]) inside"
            case .error(let error): "\(error.code)"
            }
        }
    }

    enum Door: String, CaseIterable {
        /// The synchronous resolve, from no actor.
        case sync
        /// The awaited resolve.
        case awaited
        /// A `Provider` resolved synchronously, then read awaited.
        case provider
        /// A `Lazy` resolved synchronously, then read awaited.
        case lazy
        /// The synchronous resolve on the main actor (reads on the main actor too).
        case onMainActor
        /// The synchronous resolve from four threads at once.
        case threads
        /// The awaited resolve from four tasks at once.
        case tasks
        /// `inject(into:)` of an instance made by the harness, from no actor.
        case injectInto
        /// `inject(into:)` on the main actor.
        case injectIntoOnMainActor
    }

    /// How long one request may take through every door before the run reports it hung.
    static let requestDeadline: Duration = .seconds(120)

    /// What a run keeps across its requests.
    // NB: @unchecked Sendable: used by one request at a time, each request's work awaited (or,
    // past its deadline, abandoned) before the next begins.
    final class RunState: @unchecked Sendable {
        let containers: [DIContainer]
        let views: [ContainerView]
        let lines: [UInt: Int]
        /// The one instance of each shared cached component met so far.
        var instances: [Int: ObjectIdentifier] = [:]
        /// Every instance met, kept alive so that identities stay distinct.
        var kept: [any DiffNode] = []
        /// The door the current request is in, for a hang's report.
        var door = ""

        init(containers: [DIContainer], views: [ContainerView], lines: [UInt: Int]) {
            self.containers = containers
            self.views = views
            self.lines = lines
        }
    }

    /// The first property broken, or `nil`.
    func run() async -> DifferentialProblem? {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let grandchild = DIContainer(parent: child)
        let containers = Array([parent, child, grandchild].prefix(graph.containerCount))
        let scope = DIScope(name: "differential", storage: DICacheStorage())
        let clock = ActionClock()
        var lines: [UInt: Int] = [:]
        for (id, component) in graph.components.enumerated() {
            let line = SiteLines.take()
            lines[line] = id
            Self.register(
                nodeKeys[component.node], component, id: id, in: containers[component.container], scope: scope, line: line,
                clock: clock)
        }
        let state = RunState(
            containers: containers,
            views: containers.map { container in
                ContainerView(
                    container: container, lines: lines,
                    madeElsewhere: Set(graph.components.indices.filter { graph.components[$0].madeElsewhere }))
            },
            lines: lines)
        var hung = false
        defer {
            if !hung {
                withExtendedLifetime((containers, scope, state)) {}
                // A cached instance that holds a `Lazy` or `Provider` keeps its container
                // alive, which keeps the cache: emptied here, so the address sanitizer's leak
                // check sees no cycle left behind by the graph.
                scope.clean()
                for container in containers { container.clean() }
            }
        }
        for request in graph.requests {
            let run = self
            let outcome = await Self.within(Self.requestDeadline, hanging: "\(request) of\n\(graph)") {
                await run.check(request, state: state)
            }
            guard let outcome else {
                // The request's task is left behind, with the containers it uses.
                hung = true
                return DifferentialProblem(
                    property: .noDoorHangs,
                    text: "\(request): the \(state.door) door did not answer within \(Self.requestDeadline)",
                    signature: state.door)
            }
            if let problem = outcome.problem { return problem }
        }
        return nil
    }

    /// A request's problem, boxed for the watchdog.
    struct Outcome: Sendable {
        let problem: DifferentialProblem?
    }

    /// What `work` returns, or `nil` when it has not returned within `deadline`: a timer on a
    /// dispatch queue (not the cooperative pool, which a hang may hold) races it, and a work
    /// that hangs is left running.
    ///
    /// A hang that holds every thread of the cooperative pool leaves no thread to resume the
    /// caller with the time-out: a minute later the timer ends the process, saying what hung
    /// (`hanging`), rather than leave the test run waiting for good.
    static func within<R: Sendable>(
        _ deadline: Duration, hanging: @autoclosure @escaping @Sendable () -> String,
        _ work: @escaping @Sendable () async -> R
    ) async -> R? {
        let (stream, continuation) = AsyncStream.makeStream(of: R?.self)
        let returned = ReturnedFlag()
        Task.detached { continuation.yield(await work()) }
        let timer = DispatchWorkItem {
            continuation.yield(nil)
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(60)) {
                guard !returned.value.load(ordering: .acquiring) else { return }
                fatalError("differential suite: hung, with every cooperative thread held: \(hanging())")
            }
        }
        let (seconds, attoseconds) = deadline.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)), execute: timer)
        defer {
            returned.value.store(true, ordering: .releasing)
            timer.cancel()
        }
        for await result in stream { return result }
        return nil
    }

    /// Asks `request` through every door and compares the answers.
    func check(_ request: Request, state: RunState) async -> Outcome {
        let container = state.containers[request.origin]
        let arguments = graph.arguments(for: request)
        let byOverload = graph.qualifiesByOverload(request)
        let shape = request.dependency.shape(includingQualifier: !byOverload)
        let call = Call(qualifier: byOverload ? request.dependency.qualifier : nil, arguments: Arguments(arguments))
        var answers: [(Door, Answer, Realizer?)] = []
        // Each door asked twice in a row; the synchronous one first (a cache the awaited
        // door fills can answer it after).
        for door in [Door.sync, .sync, .awaited, .awaited, .provider, .lazy, .onMainActor] {
            state.door = door.rawValue
            let (answer, realizer) = await Self.ask(shape, through: door, call: call, from: container)
            answers.append((door, answer, realizer))
            if let realizer { state.kept += realizer.kept }
        }
        if let problem = compare(request, answers: answers, state: state) { return Outcome(problem: problem) }
        if let problem = await checkConcurrentDoors(request, shape: shape, call: call, state: state) {
            return Outcome(problem: problem)
        }
        if let problem = await checkInjectInto(request, mainActorAnswer: answers[6].1, state: state) {
            return Outcome(problem: problem)
        }
        return Outcome(problem: nil)
    }

    /// The first property the answers of the sequential doors break.
    func compare(_ request: Request, answers: [(Door, Answer, Realizer?)], state: RunState) -> DifferentialProblem? {
        // A cached component holding a shorter-lived one shares it with the resolve that
        // built it only: results then compare without their sharing.
        let sharing = !graph.hasCaptiveDependency
        let sync = answers[0].1
        let awaited = answers[2].1
        let context = "\(request)"
        for (door, answer, _) in answers
        where door != .sync && door != .onMainActor && answer.codes.contains(.requiresAsync) {
            return DifferentialProblem(
                property: .awaitedNeverRequiresAsync, text: "\(context): the \(door) door answered \(answer)",
                signature: "\(door) \(answer.kind)")
        }
        if !answers[1].1.matches(sync, sharing: sharing) {
            return DifferentialProblem(
                property: .askedTwiceAnswersTheSame,
                text: "\(context): the sync door answered \(sync), then \(answers[1].1)",
                signature: "sync \(sync.kind) \(answers[1].1.kind)")
        }
        if !answers[3].1.matches(awaited, sharing: sharing) {
            return DifferentialProblem(
                property: .askedTwiceAnswersTheSame,
                text: "\(context): the awaited door answered \(awaited), then \(answers[3].1)",
                signature: "awaited \(awaited.kind) \(answers[3].1.kind)")
        }
        let needsAwait = sync.codes.contains(.requiresAsync)
        let syncDiffers =
            needsAwait
            ? !graph.hasIsolatedComponents
            : !sync.matches(awaited, sharing: sharing)
        if syncDiffers {
            return DifferentialProblem(
                property: .syncMatchesAwaited, text: "\(context): sync answered \(sync), awaited \(awaited)",
                signature: "\(sync.kind) \(awaited.kind)")
        }
        if !answers[4].1.matches(awaited, sharing: sharing) {
            return DifferentialProblem(
                property: .providerMatchesAwaited,
                text: "\(context): Provider answered \(answers[4].1), awaited \(awaited)",
                signature: "\(answers[4].1.kind) \(awaited.kind)")
        }
        let onMainActor = answers[6].1
        let mainActorDiffers =
            onMainActor.codes.contains(.requiresAsync)
            ? !graph.hasAsyncComponents
            : !onMainActor.matches(awaited, sharing: sharing)
        if mainActorDiffers {
            return DifferentialProblem(
                property: .mainActorMatchesAwaited,
                text: "\(context): on the main actor answered \(onMainActor), awaited \(awaited)",
                signature: "\(onMainActor.kind) \(awaited.kind)")
        }
        if !answers[5].1.matches(awaited, sharing: sharing) {
            return DifferentialProblem(
                property: .lazyMatchesAwaited, text: "\(context): Lazy answered \(answers[5].1), awaited \(awaited)",
                signature: "\(answers[5].1.kind) \(awaited.kind)")
        }
        if let problem = checkInstances(answers, context: context, state: state) { return problem }
        let view = state.views[request.origin]
        if case .value(let tree) = awaited, let mismatch = view.edgeMismatch(in: tree) {
            return DifferentialProblem(
                property: .dotEdgesMatchResolve,
                text:
                    "\(context): c\(mismatch.component) was given \(Self.list(mismatch.built)), the DOT export draws \(Self.list(mismatch.drawn)) (\(tree))"
            )
        }
        if request.dependency.kind == .one && request.dependency.wrapper == .plain {
            let component: Int?
            switch awaited {
            case .value(let tree): component = tree.rootComponent
            case .error(let error): component = error.path.first.flatMap { state.lines[$0.site.line] }
            }
            // A component registered by its type fails every resolve; validation reports the
            // components that need it, not it.
            // A factory or `postInit` that throws is not seen by validation.
            if let component, !graph.components[component].madeElsewhere, !awaited.codes.contains(.factoryFailed),
                let root = view.rootNode(of: component)
            {
                let problems = view.problems(reachedFrom: root)
                if problems.isEmpty != awaited.succeeded {
                    let verdict = problems.isEmpty ? "finds no error" : "finds \(problems)"
                    return DifferentialProblem(
                        property: .validationMatchesResolve,
                        text: "\(context): validation of c\(component) \(verdict), the awaited resolve answered \(awaited)",
                        signature: "\(problems.isEmpty) \(awaited.kind)")
                }
            }
        }
        return nil
    }

    /// One instance per shared cached component, and every instance's actions run once, in
    /// the documented order.
    func checkInstances(_ answers: [(Door, Answer, Realizer?)], context: String, state: RunState) -> DifferentialProblem? {
        for (door, _, realizer) in answers {
            for node in realizer?.kept ?? [] {
                // `inject(into:)` fills an instance the harness made, outside every cache.
                let madeByHarness = (door == .injectInto || door == .injectIntoOnMainActor) && node === realizer?.kept.first
                if graph.components[node.componentID].isSharedInstance && !madeByHarness {
                    let id = ObjectIdentifier(node)
                    if let known = state.instances[node.componentID], known != id {
                        return DifferentialProblem(
                            property: .cachedInstanceIsShared,
                            text: "\(context): the \(door) door got a second instance of c\(node.componentID)",
                            signature: "\(door)")
                    }
                    state.instances[node.componentID] = id
                }
                if let problem = actionProblem(of: node) {
                    return DifferentialProblem(
                        property: .actionsRunOnceInOrder, text: "\(context): through the \(door) door, \(problem)",
                        signature: "\(door)")
                }
            }
        }
        return nil
    }

    /// What is wrong with the actions run on `node`, or `nil`: its component's actions, each
    /// once, the property injection first, and its `postInit` after every action of each
    /// instance given to it (dependencies first, every injection of the resolve before a
    /// `postInit`).
    func actionProblem(of node: any DiffNode) -> String? {
        let expected = graph.components[node.componentID].expectedActions
        let actions = node.actions
        if actions.map(\.action) != expected {
            return "c\(node.componentID)'s instance ran \(actions.map(\.action)), not \(expected)"
        }
        guard let postInit = actions.last, postInit.action == .postInit else { return nil }
        for given in (node.seen + node.injectedSeen).flatMap(\.givenNodes) {
            if let late = given.actions.first(where: { $0.tick > postInit.tick }) {
                return
                    "c\(node.componentID)'s postInit ran before the \(late.action) of the c\(given.componentID) instance given to it"
            }
        }
        return nil
    }

    /// The same request from four threads at once (synchronous) and from four tasks at once
    /// (awaited): each answers as the same door asked alone just before, with one instance
    /// per cached component and every action run once.
    func checkConcurrentDoors<S: DShape>(
        _ request: Request, shape: S.Type, call: Call, state: RunState
    ) async -> DifferentialProblem? {
        let sharing = !graph.hasCaptiveDependency
        let container = state.containers[request.origin]
        for door in [Door.threads, .tasks] {
            state.door = door.rawValue
            let alone = await Self.ask(shape, through: door == .threads ? .sync : .awaited, call: call, from: container)
            let together = await Self.askConcurrently(shape, through: door, call: call, from: container)
            var answers = [(door, alone.0, alone.1)]
            for (answer, realizer) in together {
                state.kept += realizer?.kept ?? []
                answers.append((door, answer, realizer))
                if !answer.matches(alone.0, sharing: sharing) {
                    return DifferentialProblem(
                        property: .concurrentMatchesAlone,
                        text: "\(request): asked alone through the \(door) door it answered \(alone.0), at once \(answer)",
                        signature: "\(door) \(alone.0.kind) \(answer.kind)")
                }
            }
            if let problem = checkInstances(answers, context: "\(request)", state: state) { return problem }
        }
        return nil
    }

    /// `inject(into:)` of a new instance of the one component an unqualified request for the
    /// node type finds, off the main actor and on it (twice): the same answer (off the main
    /// actor it may need the main actor or an await), the actions run once, and the
    /// injection given what the resolve of that component on the main actor gave its instance.
    func checkInjectInto(
        _ request: Request, mainActorAnswer: Answer, state: RunState
    ) async -> DifferentialProblem? {
        let dependency = request.dependency
        guard dependency.kind == .one, dependency.wrapper == .plain, dependency.qualifier == nil,
            !dependency.target.isFace, graph.arguments(for: request) == .none
        else { return nil }
        let candidates = graph.components.indices.filter { index in
            let component = graph.components[index]
            return component.node == dependency.target.index && component.qualifier == nil
                && component.container <= request.origin
        }
        guard candidates.count == 1, let id = candidates.first else { return nil }
        let container = state.containers[request.origin]
        let key = nodeKeys[dependency.target.index]
        var answers: [(Door, Answer, Realizer?)] = []
        for door in [Door.injectInto, .injectIntoOnMainActor, .injectIntoOnMainActor] {
            state.door = door.rawValue
            let (answer, realizer) = await Self.inject(key, componentID: id, into: container, onMainActor: door != .injectInto)
            answers.append((door, answer, realizer))
            state.kept += realizer?.kept ?? []
        }
        let context = "\(request), inject(into:) of c\(id)"
        let offMainActor = answers[0].1
        let onMainActor = answers[1].1
        if !answers[2].1.matches(onMainActor, sharing: false) {
            return DifferentialProblem(
                property: .askedTwiceAnswersTheSame,
                text: "\(context): on the main actor it answered \(onMainActor), then \(answers[2].1)",
                signature: "inject \(onMainActor.kind) \(answers[2].1.kind)")
        }
        let offDiffers =
            offMainActor.codes.contains(.requiresAsync)
            ? !graph.hasIsolatedComponents
            : !offMainActor.matches(onMainActor, sharing: false)
        if offDiffers {
            return DifferentialProblem(
                property: .injectIntoMatchesResolve,
                text: "\(context): off the main actor it answered \(offMainActor), on it \(onMainActor)",
                signature: "off \(offMainActor.kind) on \(onMainActor.kind)")
        }
        // What the resolve on the main actor injected into its instance of the component, when
        // that resolve builds it from the point of view `inject(into:)` resolves from (a cached
        // component is built as its own container sees the graph).
        let component = graph.components[id]
        let samePointOfView = !component.lifetime.isCached || component.container == request.origin
        if !component.madeElsewhere, samePointOfView, !graph.mayReachArgument(dependency.target),
            case .value(let resolved) = mainActorAnswer, case .value(let filled) = onMainActor,
            case .node(let component, _, _, let injected) = resolved.erasingSharing(), component == id,
            case .node(_, _, _, let injectedByDoor) = filled.erasingSharing(), injected != injectedByDoor
        {
            return DifferentialProblem(
                property: .injectIntoMatchesResolve,
                text: "\(context): it injected \(injectedByDoor), the resolve on the main actor \(injected)",
                signature: "injected")
        }
        return checkInstances(answers, context: context, state: state)
    }

    static func list(_ components: Set<Int>) -> String {
        "[" + components.sorted().map { "c\($0)" }.joined(separator: ", ") + "]"
    }

    // MARK: - Arguments

    static func argumentValue(_ node: Int) -> Int { node * 10 + 7 }

    private static func addressed<K: NodeKey>(_ key: K.Type) -> DIArguments {
        .for(DNode<K>.self, argumentValue(K.index))
    }

    enum Arguments: Sendable {
        case none
        case positional(Int)
        case addressed([DIArguments])

        init(_ spec: RequestArguments) {
            switch spec {
            case .none: self = .none
            case .positional(let node): self = .positional(DifferentialRun.argumentValue(node))
            case .addressed(let nodes): self = .addressed(nodes.map { DifferentialRun.addressed(nodeKeys[$0]) })
            }
        }
    }

    /// How a door calls the container: the overload for the qualifier and arguments.
    struct Call: Sendable {
        let qualifier: QualifierSpec?
        let arguments: Arguments

        /// The synchronous resolve, with the caller's isolation (for the overloads that take it).
        func sync<R>(
            _ type: R.Type, from container: DIContainer, isolation: isolated (any Actor)? = #isolation
        ) throws(DIError) -> R {
            switch (qualifier, arguments) {
            case (nil, .none): return try container.resolve(R.self)
            case (nil, .positional(let value)): return try container.resolve(R.self, arguments: value)
            case (nil, .addressed(let list)): return try Self.addressed(R.self, list, from: container, isolation: isolation)
            case (.nameA?, .none): return try container.resolve(R.self, name: NameA.name)
            case (.nameB?, .none): return try container.resolve(R.self, name: NameB.name)
            case (.tagA?, .none): return try container.resolve(R.self, tag: TagA.self)
            case (.tagB?, .none): return try container.resolve(R.self, tag: TagB.self)
            case (.nameA?, .positional(let value)): return try container.resolve(R.self, name: NameA.name, arguments: value)
            case (.nameB?, .positional(let value)): return try container.resolve(R.self, name: NameB.name, arguments: value)
            case (.tagA?, .positional(let value)): return try container.resolve(R.self, tag: TagA.self, arguments: value)
            case (.tagB?, .positional(let value)): return try container.resolve(R.self, tag: TagB.self, arguments: value)
            case (_?, .addressed): preconditionFailure("a qualifier with addressed arguments is given as a type")
            }
        }

        func awaited<R>(_ type: R.Type, from container: DIContainer) async throws(DIError) -> R {
            switch (qualifier, arguments) {
            case (nil, .none): return try await container.resolveAsync(R.self)
            case (nil, .positional(let value)): return try await container.resolveAsync(R.self, arguments: value)
            case (nil, .addressed(let list)): return try await Self.addressedAsync(R.self, list, from: container)
            case (.nameA?, .none): return try await container.resolveAsync(R.self, name: NameA.name)
            case (.nameB?, .none): return try await container.resolveAsync(R.self, name: NameB.name)
            case (.tagA?, .none): return try await container.resolveAsync(R.self, tag: TagA.self)
            case (.tagB?, .none): return try await container.resolveAsync(R.self, tag: TagB.self)
            case (.nameA?, .positional(let value)):
                return try await container.resolveAsync(R.self, name: NameA.name, arguments: value)
            case (.nameB?, .positional(let value)):
                return try await container.resolveAsync(R.self, name: NameB.name, arguments: value)
            case (.tagA?, .positional(let value)): return try await container.resolveAsync(R.self, tag: TagA.self, arguments: value)
            case (.tagB?, .positional(let value)): return try await container.resolveAsync(R.self, tag: TagB.self, arguments: value)
            case (_?, .addressed): preconditionFailure("a qualifier with addressed arguments is given as a type")
            }
        }

        private static func addressed<R>(
            _ type: R.Type, _ list: [DIArguments], from container: DIContainer, isolation: isolated (any Actor)?
        ) throws(DIError) -> R {
            switch list.count {
            case 1: try container.resolve(R.self, arguments: list[0])
            case 2: try container.resolve(R.self, arguments: list[0], list[1])
            case 3: try container.resolve(R.self, arguments: list[0], list[1], list[2])
            default: try container.resolve(R.self, arguments: list[0], list[1], list[2], list[3])
            }
        }

        private static func addressedAsync<R>(
            _ type: R.Type, _ list: [DIArguments], from container: DIContainer
        ) async throws(DIError) -> R {
            switch list.count {
            case 1: try await container.resolveAsync(R.self, arguments: list[0])
            case 2: try await container.resolveAsync(R.self, arguments: list[0], list[1])
            case 3: try await container.resolveAsync(R.self, arguments: list[0], list[1], list[2])
            default: try await container.resolveAsync(R.self, arguments: list[0], list[1], list[2], list[3])
            }
        }
    }

    // MARK: - Doors

    /// Asks for `S.Param` through `door`: the synchronous resolve (reads synchronous), the
    /// awaited one, or a `Provider`/`Lazy` of it resolved synchronously and read awaited.
    static func ask<S: DShape>(
        _ shape: S.Type, through door: Door, call: Call, from container: DIContainer
    ) async -> (Answer, Realizer?) {
        let seen: Seen
        do throws(DIError) {
            switch door {
            case .sync: seen = S.seen(try call.sync(S.Param.self, from: container))
            case .awaited: seen = S.seen(try await call.awaited(S.Param.self, from: container))
            case .provider:
                let provider = try call.sync(Provider<S.Param>.self, from: container)
                seen = S.seen(try await provider.resolve())
            case .lazy:
                let lazy = try call.sync(Lazy<S.Param>.self, from: container)
                seen = S.seen(try await lazy.resolvedValue())
            case .onMainActor:
                seen = try await MainActor.run {
                    Result { () throws(DIError) -> Seen in S.seen(try call.sync(S.Param.self, from: container)) }
                }.get()
            case .threads, .tasks, .injectInto, .injectIntoOnMainActor:
                preconditionFailure("the \(door) door is asked by its own function")
            }
        } catch {
            return (.error(error), nil)
        }
        return await realize(seen, through: door)
    }

    /// `seen` realized with the reads of `door`.
    static func realize(_ seen: Seen, through door: Door) async -> (Answer, Realizer?) {
        let reads: Realizer.Reads =
            switch door {
            case .sync, .threads, .injectInto: .sync
            case .onMainActor, .injectIntoOnMainActor: .onMainActor
            case .awaited, .provider, .lazy, .tasks: .awaited
            }
        let realizer = Realizer(reads: reads)
        return (.value(await realizer.realize(seen)), realizer)
    }

    /// How many threads, or tasks, ask at once.
    static let concurrentAskers = 4

    /// Asks for `S.Param` from four threads at once (`.threads`: the synchronous resolve, on
    /// threads of their own that start together) or four tasks at once (`.tasks`: awaited).
    static func askConcurrently<S: DShape>(
        _ shape: S.Type, through door: Door, call: Call, from container: DIContainer
    ) async -> [(Answer, Realizer?)] {
        let results: [Result<Seen, DIError>]
        if door == .threads {
            results = await onThreads(concurrentAskers) { _ in
                Result { () throws(DIError) -> Seen in S.seen(try call.sync(S.Param.self, from: container)) }
            }
        } else {
            results = await withTaskGroup(of: Result<Seen, DIError>.self) { group in
                for _ in 0..<concurrentAskers {
                    group.addTask {
                        do throws(DIError) {
                            return .success(S.seen(try await call.awaited(S.Param.self, from: container)))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var all: [Result<Seen, DIError>] = []
                for await result in group { all.append(result) }
                return all
            }
        }
        var answers: [(Answer, Realizer?)] = []
        for result in results {
            switch result {
            case .success(let seen): answers.append(await realize(seen, through: door))
            case .failure(let error): answers.append((.error(error), nil))
            }
        }
        return answers
    }

    /// `inject(into:)` of a new `DNode<K>` numbered `componentID`, from no actor or on the
    /// main actor, realized.
    static func inject<K: NodeKey>(
        _ key: K.Type, componentID: Int, into container: DIContainer, onMainActor: Bool
    ) async -> (Answer, Realizer?) {
        let node = DNode<K>(componentID: componentID, seen: [])
        do throws(DIError) {
            if onMainActor {
                try await MainActor.run {
                    Result { () throws(DIError) in try container.inject(into: node) }
                }.get()
            } else {
                try container.inject(into: node)
            }
        } catch {
            return (.error(error), nil)
        }
        return await realize(.node(node), through: onMainActor ? .injectIntoOnMainActor : .injectInto)
    }

    // MARK: - Registering a component

    private static func register<K: NodeKey>(
        _ key: K.Type, _ component: ComponentSpec, id: Int, in container: DIContainer, scope: DIScope, line: UInt,
        clock: ActionClock
    ) {
        var shapes = component.dependencies.map { $0.shape() }
        if component.takesArgument { shapes.insert(DArgument.self, at: 0) }
        let isolation = component.isolation
        let fails = component.factoryThrows
        var builder: DIComponentBuilder<DNode<K>>
        switch shapes.count {
        case _ where component.madeElsewhere: builder = container.register(line: line, DNode<K>.self)
        case 0: builder = register0(K.self, id: id, isolation, fails: fails, in: container, line: line)
        case 1: builder = register1(K.self, shapes[0], id: id, isolation, fails: fails, in: container, line: line)
        case 2: builder = register2(K.self, shapes[0], shapes[1], id: id, isolation, fails: fails, in: container, line: line)
        case 3:
            builder = register3(
                K.self, shapes[0], shapes[1], shapes[2], id: id, isolation, fails: fails, in: container, line: line)
        default:
            builder = register4(
                K.self, shapes[0], shapes[1], shapes[2], shapes[3], id: id, isolation, fails: fails, in: container,
                line: line)
        }
        if !component.madeElsewhere {
            switch component.lifetime {
            case .prototype: builder = builder.lifetime(.prototype)
            case .objectGraph: builder = builder.lifetime(.objectGraph)
            case .perContainer: builder = builder.lifetime(.perContainer(component.isWeak ? .weak : .strong))
            case .perRun: builder = builder.lifetime(.perRun(component.isWeak ? .weak : .strong))
            case .single: builder = builder.lifetime(.single)
            case .custom: builder = builder.lifetime(.custom(scope))
            }
        }
        if component.faces.contains(0) { builder = builder.as((any Face0).self) }
        if component.faces.contains(1) { builder = builder.as((any Face1).self) }
        switch component.qualifier {
        case nil: break
        case .nameA?: builder = builder.named(NameA.name)
        case .nameB?: builder = builder.named(NameB.name)
        case .tagA?: builder = builder.tagged(TagA.self)
        case .tagB?: builder = builder.tagged(TagB.self)
        }
        if component.isDefault { builder = builder.default() }
        if let injected = component.injected {
            builder = inject(builder, injected.shape(), component.injectionIsolation, clock: clock)
        }
        if let action = component.postInit { builder = postInit(builder, action, clock: clock) }
        _ = consume builder
    }

    private static func inject<K: NodeKey, A: DShape>(
        _ builder: DIComponentBuilder<DNode<K>>, _ shape: A.Type, _ isolation: IsolationSpec, clock: ActionClock
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            builder.injection { (node: DNode<K>, value: A.Param) in node.inject(A.seen(value), clock: clock) }
        case .mainActor:
            builder.injection { @MainActor (node: DNode<K>, value: A.Param) -> Void in node.inject(A.seen(value), clock: clock) }
        case .async:
            builder.injection { (node: DNode<K>, value: A.Param) async in node.inject(A.seen(value), clock: clock) }
        }
    }

    private static func postInit<K: NodeKey>(
        _ builder: DIComponentBuilder<DNode<K>>, _ action: ActionSpec, clock: ActionClock
    ) -> DIComponentBuilder<DNode<K>> {
        let fails = action.throwsError
        switch action.isolation {
        case .nonisolated:
            return builder.postInit { (node: DNode<K>) throws in try node.postInit(clock: clock, fails: fails) }
        case .mainActor:
            return builder.postInit { @MainActor (node: DNode<K>) throws -> Void in try node.postInit(clock: clock, fails: fails) }
        case .async:
            return builder.postInit { (node: DNode<K>) async throws in try node.postInit(clock: clock, fails: fails) }
        }
    }

    private static func register0<K: NodeKey>(
        _ key: K.Type, id: Int, _ isolation: IsolationSpec, fails: Bool, in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            container.register(line: line) { () throws -> DNode<K> in try .make(componentID: id, seen: [], fails: fails) }
        case .mainActor:
            container.register(line: line) { @MainActor () throws -> DNode<K> in
                try .make(componentID: id, seen: [], fails: fails)
            }
        case .async:
            container.register(line: line) { () async throws -> DNode<K> in try .make(componentID: id, seen: [], fails: fails) }
        }
    }

    private static func register1<K: NodeKey, A: DShape>(
        _ key: K.Type, _ a: A.Type, id: Int, _ isolation: IsolationSpec, fails: Bool, in container: DIContainer,
        line: UInt
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            container.register(line: line) { (a: A.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a)], fails: fails)
            }
        case .mainActor:
            container.register(line: line) { @MainActor (a: A.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a)], fails: fails)
            }
        case .async:
            container.register(line: line) { (a: A.Param) async throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a)], fails: fails)
            }
        }
    }

    private static func register2<K: NodeKey, A: DShape, B: DShape>(
        _ key: K.Type, _ a: A.Type, _ b: B.Type, id: Int, _ isolation: IsolationSpec, fails: Bool, in container: DIContainer,
        line: UInt
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            container.register(line: line) { (a: A.Param, b: B.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b)], fails: fails)
            }
        case .mainActor:
            container.register(line: line) { @MainActor (a: A.Param, b: B.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b)], fails: fails)
            }
        case .async:
            container.register(line: line) { (a: A.Param, b: B.Param) async throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b)], fails: fails)
            }
        }
    }

    private static func register3<K: NodeKey, A: DShape, B: DShape, C: DShape>(
        _ key: K.Type, _ a: A.Type, _ b: B.Type, _ c: C.Type, id: Int, _ isolation: IsolationSpec, fails: Bool,
        in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            container.register(line: line) { (a: A.Param, b: B.Param, c: C.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c)], fails: fails)
            }
        case .mainActor:
            container.register(line: line) { @MainActor (a: A.Param, b: B.Param, c: C.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c)], fails: fails)
            }
        case .async:
            container.register(line: line) { (a: A.Param, b: B.Param, c: C.Param) async throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c)], fails: fails)
            }
        }
    }

    private static func register4<K: NodeKey, A: DShape, B: DShape, C: DShape, D: DShape>(
        _ key: K.Type, _ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type, id: Int, _ isolation: IsolationSpec,
        fails: Bool, in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<DNode<K>> {
        switch isolation {
        case .nonisolated:
            container.register(line: line) { (a: A.Param, b: B.Param, c: C.Param, d: D.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c), D.seen(d)], fails: fails)
            }
        case .mainActor:
            container.register(line: line) { @MainActor (a: A.Param, b: B.Param, c: C.Param, d: D.Param) throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c), D.seen(d)], fails: fails)
            }
        case .async:
            container.register(line: line) { (a: A.Param, b: B.Param, c: C.Param, d: D.Param) async throws -> DNode<K> in
                try .make(componentID: id, seen: [A.seen(a), B.seen(b), C.seen(c), D.seen(d)], fails: fails)
            }
        }
    }
}

extension ComponentSpec {
    /// Whether every resolve, from every container and door, must get the one instance.
    var isSharedInstance: Bool { lifetime.isCached && !isWeak }
}

/// A container's validation report and DOT export, read back into component numbers.
///
/// A component built from several points of view is a DOT node per point of view (labelled
/// "as this container sees it", "as parent N sees it"); a missing or ambiguous dependency
/// found from a parent's point of view says so in its message ("is built as parent N sees
/// the graph"). Both are read, so each DOT node carries the findings of its own point of view.
struct ContainerView {
    /// A DOT node: the component it draws and the point of view it is built from (0 this
    /// container, N parent N; `nil` when the component has one node only).
    struct Node {
        let component: Int
        let view: Int?
    }

    /// An error finding that says a component cannot be built, from one point of view (`nil`:
    /// a kind of finding that does not depend on it).
    struct Problem {
        let component: Int
        let view: Int?
        let text: String
    }

    /// DOT node number → what it draws.
    let nodes: [Int: Node]
    /// DOT node number → the DOT nodes it has edges to.
    let successors: [Int: [Int]]
    let problems: [Problem]

    /// `madeElsewhere`: the components registered by their type, which no resolve builds: the
    /// DOT export draws the edges to them of `T?` and `[T]`, which resolve without them.
    init(container: DIContainer, lines: [UInt: Int], madeElsewhere: Set<Int>) {
        var nodes: [Int: Node] = [:]
        var successors: [Int: [Int]] = [:]
        for raw in container.graphvizDOT().split(separator: "\n") {
            let line = raw.trimmingPrefix(while: { $0 == " " })
            guard line.hasPrefix("n") else { continue }
            if let arrow = line.firstRange(of: " -> n") {
                let from = Int(line[line.index(after: line.startIndex)..<arrow.lowerBound])
                let rest = line[arrow.upperBound...]
                let to = Int(rest.prefix(while: \.isNumber))
                if let from, let to { successors[from, default: []].append(to) }
            } else if let label = line.firstRange(of: " [label=\"") {
                // The label's lines: type, lifetime, site (`file:line:column`), then maybe
                // "as … sees it" and "resolves dynamically".
                let index = Int(line[line.index(after: line.startIndex)..<label.lowerBound])
                let parts = line[label.upperBound...].split(separator: "\\n")
                let sites = parts.compactMap { part -> Int? in
                    let fields = part.split(separator: ":")
                    guard fields.count >= 3, let number = UInt(fields[fields.count - 2]) else { return nil }
                    return lines[number]
                }
                let view = parts.lazy.compactMap { Self.view(in: $0, before: " sees it") }.first
                if let index, let component = sites.first { nodes[index] = Node(component: component, view: view) }
            }
        }
        self.nodes = nodes
        self.successors = successors.mapValues { list in
            list.filter { nodes[$0].map { !madeElsewhere.contains($0.component) } ?? false }
        }
        var problems: [Problem] = []
        for finding in container.validate().errors where finding.kind != .captiveDependency {
            guard let line = finding.component?.site.line, let component = lines[line] else { continue }
            let view: Int? =
                finding.kind == .missingDependency || finding.kind == .ambiguousDependency
                ? Self.view(in: Substring(finding.message), before: " sees the graph") ?? 0 : nil
            problems.append(Problem(component: component, view: view, text: "\(finding.kind)"))
        }
        self.problems = problems
    }

    /// The point of view `text` names as "as this container" or "as parent N", just before
    /// `suffix`.
    private static func view(in text: Substring, before suffix: String) -> Int? {
        guard let end = text.firstRange(of: suffix)?.lowerBound else { return nil }
        let head = text[..<end]
        if head.hasSuffix("as this container") { return 0 }
        let digits = head.reversed().prefix(while: \.isNumber)
        guard head.dropLast(digits.count).hasSuffix("as parent ") else { return nil }
        return Int(String(digits.reversed()))
    }

    /// The DOT node of `component` as a request from this container builds it: the graph's
    /// first nodes are each component so built, in order.
    func rootNode(of component: Int) -> Int? {
        nodes.filter { $0.value.component == component }.keys.min()
    }

    /// The problems on the DOT node `root` and on every node it reaches.
    func problems(reachedFrom root: Int) -> [String] {
        var seen: Set<Int> = [root]
        var stack = [root]
        var found: [String] = []
        while let next = stack.popLast() {
            guard let node = nodes[next] else { continue }
            found += problems.filter { problem in
                problem.component == node.component && (problem.view == nil || node.view == nil || problem.view == node.view)
            }.map { "\($0.text) on c\(node.component)" + (node.view.map { " as view \($0)" } ?? "") }
            for to in successors[next] ?? [] where seen.insert(to).inserted { stack.append(to) }
        }
        return found
    }

    /// The first instance in `tree` whose components differ from the ones its DOT node has
    /// edges to (`dotNode`, or for the outermost instances their root nodes), or `nil`.
    ///
    /// A component drawn from several points of view matches if one of its nodes draws what
    /// the instance was given. An instance with a failed read inside is not compared, what it
    /// holds is.
    func edgeMismatch(in tree: Tree, at dotNode: Int? = nil) -> (component: Int, built: Set<Int>, drawn: Set<Int>)? {
        switch tree {
        case .many(let list):
            for item in list { if let mismatch = edgeMismatch(in: item, at: nil) { return mismatch } }
            return nil
        case .node(let component, _, let children, let injected):
            guard let dotNode = dotNode ?? rootNode(of: component) else { return nil }
            let all = children + injected
            let next = successors[dotNode] ?? []
            let drawn = Set(next.compactMap { nodes[$0]?.component })
            let built = Set(all.flatMap(\.components))
            if all.allSatisfy({ $0.failures.isEmpty }) && built != drawn {
                return (component, built, drawn)
            }
            for child in all.flatMap(\.outermostNodes) {
                guard let childComponent = child.rootComponent else { continue }
                let candidates = next.filter { nodes[$0]?.component == childComponent }
                guard !candidates.isEmpty else { return (component, built, drawn) }
                var first: (component: Int, built: Set<Int>, drawn: Set<Int>)?
                var matched = false
                for candidate in candidates {
                    guard let mismatch = edgeMismatch(in: child, at: candidate) else {
                        matched = true
                        break
                    }
                    first = first ?? mismatch
                }
                if !matched, let first { return first }
            }
            return nil
        case .again, .none, .argument, .failed: return nil
        }
    }
}

extension Tree {
    /// The instances met first here, outermost (inside arrays): not the ones met before.
    var outermostNodes: [Tree] {
        switch self {
        case .node: [self]
        case .many(let list): list.flatMap(\.outermostNodes)
        case .again, .none, .argument, .failed: []
        }
    }
}

/// Whether a watched work returned (see `DifferentialRun.within(_:hanging:_:)`).
final class ReturnedFlag: Sendable {
    let value = Atomic(false)
}
