import DICore
import DIHierarchy
import DILifetime
import DIScopes
import Dispatch
import Synchronization
import TestSupport

/// One random graph registered in fresh containers and resolved at once from threads
/// (synchronously), tasks (awaited) and the main actor; then every result is checked against
/// the reference model.
struct GraphRun {
    let graph: GraphSpec
    let threads: Int
    let tasks: Int

    /// What one resolve returned.
    private struct Outcome: Sendable {
        let request: Int
        let resolveID: Int
        let result: Result<Observed, DIError>
    }

    /// The first mismatch with the model, or `nil`.
    func run() async -> String? {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let containers = graph.hasChild ? [parent, child] : [parent]
        let scope = DIScope(name: "stress", storage: DICacheStorage())
        for (id, component) in graph.components.enumerated() {
            register(component, id: id, in: containers[component.container], scope: scope)
        }
        let outcomes = Protected<[Outcome]>([])
        let nextResolve = Counter()
        let requests = graph.requests
        let threads = threads
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Threads outside the task pool: synchronous resolves.
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().async {
                        DispatchQueue.concurrentPerform(iterations: threads) { thread in
                            for step in requests.indices {
                                let index = (step + thread) % requests.count
                                let resolveID = nextResolve.next()
                                let result = Result { () throws(DIError) -> Observed in
                                    try Self.perform(requests[index], containers: containers)
                                }
                                outcomes.withLock { $0.append(Outcome(request: index, resolveID: resolveID, result: result)) }
                            }
                        }
                        done.resume()
                    }
                }
            }
            group.addTask { @MainActor in
                // The main actor: synchronous resolves with the main actor as the caller's isolation.
                for step in requests.indices.reversed() {
                    let resolveID = nextResolve.next()
                    let result = Result { () throws(DIError) -> Observed in
                        try Self.perform(requests[step], containers: containers)
                    }
                    outcomes.withLock { $0.append(Outcome(request: step, resolveID: resolveID, result: result)) }
                }
            }
            for task in 0..<tasks {
                group.addTask {
                    // Tasks: awaited resolves.
                    for step in requests.indices {
                        let index = (step + task * 2 + 1) % requests.count
                        let resolveID = nextResolve.next()
                        let result: Result<Observed, DIError>
                        do throws(DIError) {
                            result = .success(try await Self.performAsync(requests[index], containers: containers))
                        } catch {
                            result = .failure(error)
                        }
                        outcomes.withLock { $0.append(Outcome(request: index, resolveID: resolveID, result: result)) }
                    }
                }
            }
        }
        let model = ReferenceModel(graph: graph)
        var identities = IdentityCheck()
        for outcome in outcomes.withLock({ $0 }).sorted(by: { $0.resolveID < $1.resolveID }) {
            let request = requests[outcome.request]
            let expected = Result { () throws(ReferenceModel.Failure) in
                try model.expected(request, resolveID: outcome.resolveID)
            }
            switch (expected, outcome.result) {
            case (.success(let expected), .success(let actual)):
                if let problem = identities.match(expected, actual, at: "\(request)") { return problem }
            case (.failure(let expected), .failure(let actual)):
                if expected.code != actual.code {
                    return "\(request): expected a \(expected.code) error, got \(actual.code): \(actual)"
                }
            case (.success, .failure(let actual)):
                return "\(request): expected an instance, got the error \(actual)"
            case (.failure(let expected), .success):
                return "\(request): expected a \(expected.code) error, got an instance"
            }
        }
        withExtendedLifetime((containers, scope)) {}
        return nil
    }

    // MARK: - Registering a component of the pool

    private func register(_ component: ComponentSpec, id: Int, in container: DIContainer, scope: DIScope) {
        Self.register(nodeKeys[component.node], component, id: id, in: container, scope: scope, line: SiteLines.take())
    }

    private static func register<K: NodeKey>(
        _ key: K.Type, _ component: ComponentSpec, id: Int, in container: DIContainer, scope: DIScope, line: UInt
    ) {
        let shapes = component.dependencies.map { $0.target.shape($0.kind) }
        let builder: DIComponentBuilder<Node<K>>
        switch shapes.count {
        case 0: builder = container.register(line: line) { Node<K>(componentID: id, observed: []) }
        case 1: builder = register(K.self, shapes[0], id: id, in: container, line: line)
        case 2: builder = register(K.self, shapes[0], shapes[1], id: id, in: container, line: line)
        default: builder = register(K.self, shapes[0], shapes[1], shapes[2], id: id, in: container, line: line)
        }
        switch component.lifetime {
        case .prototype: builder.lifetime(.prototype)
        case .objectGraph: builder.lifetime(.objectGraph)
        case .perContainer: builder.lifetime(.perContainer(.strong))
        case .perRun: builder.lifetime(.perRun(.strong))
        case .single: builder.lifetime(.single)
        case .custom: builder.lifetime(.custom(scope))
        }
        if component.faces.contains(0) { builder.as((any Face0).self) }
        if component.faces.contains(1) { builder.as((any Face1).self) }
        if component.isDefault { builder.default() }
    }

    private static func register<K: NodeKey, A: Shape>(
        _ key: K.Type, _ first: A.Type, id: Int, in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<Node<K>> {
        container.register(line: line) { (a: A.Param) in Node<K>(componentID: id, observed: [A.observe(a)]) }
    }

    private static func register<K: NodeKey, A: Shape, B: Shape>(
        _ key: K.Type, _ first: A.Type, _ second: B.Type, id: Int, in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<Node<K>> {
        container.register(line: line) { (a: A.Param, b: B.Param) in
            Node<K>(componentID: id, observed: [A.observe(a), B.observe(b)])
        }
    }

    private static func register<K: NodeKey, A: Shape, B: Shape, C: Shape>(
        _ key: K.Type, _ first: A.Type, _ second: B.Type, _ third: C.Type, id: Int, in container: DIContainer, line: UInt
    ) -> DIComponentBuilder<Node<K>> {
        container.register(line: line) { (a: A.Param, b: B.Param, c: C.Param) in
            Node<K>(componentID: id, observed: [A.observe(a), B.observe(b), C.observe(c)])
        }
    }

    // MARK: - Making a request

    private static func perform(
        _ request: Request, containers: [DIContainer], isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> Observed {
        try perform(request.dependency.target.shape(request.dependency.kind), from: containers[request.origin])
    }

    private static func perform<S: Shape>(
        _ shape: S.Type, from container: DIContainer, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> Observed {
        S.observe(try container.resolve(S.Param.self))
    }

    private static func performAsync(_ request: Request, containers: [DIContainer]) async throws(DIError) -> Observed {
        try await performAsync(request.dependency.target.shape(request.dependency.kind), from: containers[request.origin])
    }

    private static func performAsync<S: Shape>(_ shape: S.Type, from container: DIContainer) async throws(DIError) -> Observed {
        S.observe(try await container.resolve(S.Param.self))
    }
}
