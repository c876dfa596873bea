import TestSupport

// The differential suite's part of the random graph generator: names, tags, arguments,
// wrappers, a grandchild container, weak lifetimes, main-actor and async factories, property
// injections and `postInit`s (nonisolated, main-actor or async), throwing factories and
// `postInit`s, and components registered by their type for `inject(into:)`, drawn on top of a graph `GraphSpec.random` made, so that the stress
// suite's graphs stay what they are for a seed.

extension GraphSpec {
    /// Adds the differential shapes to this graph, and replaces its requests by requests for
    /// every component (as its type and as each face, with its qualifier) from every container
    /// of the chain, plus a few random ones with wrappers.
    mutating func addDifferentialShapes(
        using random: inout SeededGenerator, answered: [Target], options: DifferentialOptions
    ) {
        hasGrandchild = hasChild && Bool.random(using: &random)
        let nodeTypes = Set(components.map(\.node))
        let argumentTypes = Set(nodeTypes.filter { _ in Int.random(in: 0..<10, using: &random) < 2 })
        func dependency(for node: Int, using random: inout SeededGenerator) -> DependencySpec? {
            let allowed = { (target: Target) in
                target.isFace ? node >= Self.faceLimit(target.face) : target.index < node
            }
            let fitting = answered.filter(allowed)
            let target: Target?
            if Int.random(in: 0..<10, using: &random) < 9 {
                target = fitting.randomElement(using: &random)
            } else {
                target = Target.all.filter(allowed).randomElement(using: &random)
            }
            guard let target else { return nil }
            let roll = Int.random(in: 0..<4, using: &random)
            var spec = DependencySpec(target: target, kind: roll < 2 ? .one : roll == 2 ? .maybe : .many)
            if Int.random(in: 0..<10, using: &random) < 2 { spec.qualifier = QualifierSpec.allCases.randomElement(using: &random) }
            let wrap = Int.random(in: 0..<20, using: &random)
            spec.wrapper = wrap < 3 ? .lazy : wrap < 5 ? .provider : .plain
            return spec
        }
        for index in components.indices {
            let node = components[index].node
            if hasGrandchild { components[index].container = Int.random(in: 0...2, using: &random) }
            components[index].takesArgument = argumentTypes.contains(node)
            if Int.random(in: 0..<4, using: &random) == 0 {
                components[index].qualifier = QualifierSpec.allCases.randomElement(using: &random)
            }
            let isolation = Int.random(in: 0..<10, using: &random)
            components[index].isolation = isolation == 0 ? .mainActor : isolation == 1 ? .async : .nonisolated
            if components[index].lifetime == .perContainer || components[index].lifetime == .perRun {
                components[index].isWeak = Int.random(in: 0..<10, using: &random) < 3
            }
            for dependency in components[index].dependencies.indices {
                if Int.random(in: 0..<10, using: &random) < 2 {
                    components[index].dependencies[dependency].qualifier = QualifierSpec.allCases.randomElement(using: &random)
                }
                let wrap = Int.random(in: 0..<20, using: &random)
                components[index].dependencies[dependency].wrapper = wrap < 3 ? .lazy : wrap < 5 ? .provider : .plain
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                components[index].injected = dependency(for: node, using: &random)
                let where_ = Int.random(in: 0..<10, using: &random)
                components[index].injectionIsolation = where_ < 2 ? .mainActor : where_ == 2 ? .async : .nonisolated
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                let where_ = Int.random(in: 0..<10, using: &random)
                components[index].postInit = ActionSpec(
                    isolation: where_ < 3 ? .mainActor : where_ == 3 ? .async : .nonisolated,
                    throwsError: Int.random(in: 0..<10, using: &random) == 0)
            }
            components[index].factoryThrows = Int.random(in: 0..<25, using: &random) == 0
            if components[index].isolation == .nonisolated && Int.random(in: 0..<12, using: &random) == 0 {
                // Registered by its type: no factory, so no parameters, arguments or lifetime.
                components[index].madeElsewhere = true
                components[index].dependencies = []
                components[index].takesArgument = false
                components[index].lifetime = .prototype
                components[index].factoryThrows = false
            }
        }
        var requests: [Request] = []
        for origin in 0..<containerCount {
            for component in components {
                var targets = [Target(index: component.node)]
                targets += component.faces.map { Target(index: Target.faceBase + $0) }
                for target in targets {
                    requests.append(
                        Request(
                            dependency: DependencySpec(target: target, kind: .one, qualifier: component.qualifier),
                            origin: origin))
                }
            }
        }
        for _ in 0..<6 {
            guard let target = answered.randomElement(using: &random) else { break }
            let roll = Int.random(in: 0..<4, using: &random)
            var spec = DependencySpec(target: target, kind: roll < 2 ? .one : roll == 2 ? .maybe : .many)
            if Int.random(in: 0..<3, using: &random) == 0 { spec.qualifier = QualifierSpec.allCases.randomElement(using: &random) }
            spec.wrapper = WrapperSpec.allCases.randomElement(using: &random)!
            var request = Request(dependency: spec, origin: Int.random(in: 0..<containerCount, using: &random))
            request.qualifierByOverload = spec.qualifier != nil && Bool.random(using: &random)
            requests.append(request)
        }
        self.requests = requests
        options.exclude(from: &self)
    }

    /// The arguments a request gives: its own, positional, when it asks for a node type that
    /// is the only one taking arguments; else one `.for(…)` per node type that takes arguments.
    func arguments(for request: Request) -> RequestArguments {
        let nodes = argumentNodes
        if nodes.isEmpty { return .none }
        let target = request.dependency.target
        if !target.isFace, nodes == [target.index] { return .positional(target.index) }
        return .addressed(nodes.sorted())
    }

    /// Whether the request's qualifier goes to a `name:`/`tag:` overload (there is none with
    /// addressed arguments: then it is a `Named`/`Tagged` type).
    func qualifiesByOverload(_ request: Request) -> Bool {
        guard request.qualifierByOverload else { return false }
        if case .addressed = arguments(for: request) { return false }
        return true
    }

    /// Whether some component runs on the main actor or is async, or has such an action.
    var hasIsolatedComponents: Bool {
        components.contains { component in
            component.isolation != .nonisolated || component.awaitedActions || component.mainActorActions
        }
    }

    /// Whether some component is async or has an async action: the synchronous door on the
    /// main actor then may need an await.
    var hasAsyncComponents: Bool { components.contains { $0.isolation == .async || $0.awaitedActions } }

    /// The components `component` may reach through its dependencies and injection, by type
    /// (whatever the qualifier and container), itself excluded unless in a cycle.
    func reachable(from component: Int) -> Set<Int> {
        var found: Set<Int> = []
        var stack = [component]
        while let next = stack.popLast() {
            let spec = components[next]
            for dependency in spec.dependencies + (spec.injected.map { [$0] } ?? []) {
                for (index, other) in components.enumerated() where other.answers(dependency.target) {
                    if found.insert(index).inserted { stack.append(index) }
                }
            }
        }
        return found
    }

    /// Whether a cached component may hold a `.prototype` or `.objectGraph` instance: then a
    /// resolve that builds the cached one shares instances a resolve that finds it cached
    /// does not, and results compare without their sharing.
    var hasCaptiveDependency: Bool {
        components.indices.contains { index in
            components[index].lifetime.isCached && reachable(from: index).contains { !components[$0].lifetime.isCached }
        }
    }

    /// The node types whose components take an `Argument<Int>`.
    var argumentNodes: Set<Int> { Set(components.filter(\.takesArgument).map(\.node)) }

}

extension ComponentSpec {
    /// Whether an action of its instances is async (only an awaited resolve runs it).
    var awaitedActions: Bool {
        (injected != nil && injectionIsolation == .async) || postInit?.isolation == .async
    }

    /// Whether an action of its instances runs on the main actor.
    var mainActorActions: Bool {
        (injected != nil && injectionIsolation == .mainActor) || postInit?.isolation == .mainActor
    }

    /// The actions its instances run, in the documented order: the property injection, then
    /// the `postInit`.
    var expectedActions: [DiffAction] {
        (injected == nil ? [] : [.injection]) + (postInit == nil ? [] : [.postInit])
    }
}

/// The arguments a request gives (see `GraphSpec.arguments(for:)`).
enum RequestArguments: Equatable {
    case none
    /// Positional, for the requested node type.
    case positional(Int)
    /// Addressed to each of these node types.
    case addressed([Int])
}

extension GraphSpec {
    /// The differential shapes taken out one at a time, for shrinking a failure.
    var differentialSimplifications: [GraphSpec] {
        var smaller: [GraphSpec] = []
        func add(_ change: (inout GraphSpec) -> Void) {
            var copy = self
            change(&copy)
            smaller.append(copy)
        }
        if hasGrandchild {
            add { graph in
                graph.hasGrandchild = false
                for index in graph.components.indices where graph.components[index].container == 2 {
                    graph.components[index].container = 1
                }
                graph.requests = graph.requests.filter { $0.origin < 2 }
                if graph.requests.isEmpty { graph.requests = [self.requests[0]] }
                for index in graph.requests.indices { graph.requests[index].origin = min(graph.requests[index].origin, 1) }
            }
        }
        for node in argumentNodes {
            add { graph in
                for index in graph.components.indices where graph.components[index].node == node {
                    graph.components[index].takesArgument = false
                }
            }
        }
        for index in components.indices {
            let component = components[index]
            if component.qualifier != nil { add { $0.components[index].qualifier = nil } }
            if component.isolation != .nonisolated { add { $0.components[index].isolation = .nonisolated } }
            if component.isWeak { add { $0.components[index].isWeak = false } }
            if component.injected != nil { add { $0.components[index].injected = nil } }
            if component.injectionIsolation != .nonisolated { add { $0.components[index].injectionIsolation = .nonisolated } }
            if component.postInit != nil { add { $0.components[index].postInit = nil } }
            if component.postInit?.isolation ?? .nonisolated != .nonisolated {
                add { $0.components[index].postInit?.isolation = .nonisolated }
            }
            if component.postInit?.throwsError == true { add { $0.components[index].postInit?.throwsError = false } }
            if component.factoryThrows { add { $0.components[index].factoryThrows = false } }
            if component.madeElsewhere { add { $0.components[index].madeElsewhere = false } }
            for dependency in component.dependencies.indices {
                if component.dependencies[dependency].qualifier != nil {
                    add { $0.components[index].dependencies[dependency].qualifier = nil }
                }
                if component.dependencies[dependency].wrapper != .plain {
                    add { $0.components[index].dependencies[dependency].wrapper = .plain }
                }
            }
            if let injected = component.injected, injected.wrapper != .plain || injected.qualifier != nil {
                add { $0.components[index].injected = DependencySpec(target: injected.target, kind: injected.kind) }
            }
        }
        for index in requests.indices {
            let request = requests[index]
            if request.qualifierByOverload { add { $0.requests[index].qualifierByOverload = false } }
            if request.dependency.wrapper != .plain { add { $0.requests[index].dependency.wrapper = .plain } }
            if request.dependency.kind != .one { add { $0.requests[index].dependency.kind = .one } }
            if request.origin > 0 { add { $0.requests[index].origin -= 1 } }
        }
        return smaller
    }
}
