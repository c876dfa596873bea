/// The components a container can resolve and what each one's dependencies find, worked out
/// from what registration recorded, without running a factory.
///
/// Validation and the graph export share it. Nodes are the components of the container and
/// of every container upstream of it, in that order and in registration order. Each
/// dependency is looked up the way the resolver looks it up: from the container the resolve
/// starts at (a `.container`-ranked component from the container holding it, as such a
/// component is built), then upstream, by type and qualifier, settling several candidates by
/// the default and then by the ambiguity resolvers.
struct DependencyGraph {
    /// One component.
    struct Node {
        let component: Component
        /// Index in ``DependencyGraph/containers``: 0 is the container being looked at.
        let containerIndex: Int
    }

    /// One dependency of a component, and one component that answers it.
    struct Edge {
        /// How soon a dependency is resolved after its holder starts to be built.
        enum Timing {
            /// While the holder is built: an initializer parameter.
            case immediate
            /// After the holder is built, before the resolve returns: a property injection.
            case deferred
            /// When the holder uses it: a `Lazy` or a `Provider`.
            case onUse
        }

        let from: Int
        let to: Int
        let dependency: Dependency
        /// Whether the dependency is an initializer parameter (else a property injection).
        let isInitializer: Bool

        var timing: Timing {
            switch dependency.kind {
            case .lazy, .provider: .onUse
            default: isInitializer ? .immediate : .deferred
            }
        }
    }

    /// A dependency that finds no single component.
    struct Unresolved {
        enum Problem {
            /// Nothing fits; `tagged` components of the type have another name or tag.
            case missing(tagged: Int)
            /// Several fit and nothing settles which.
            case ambiguous([Int])
            /// The shape has no meaning, for the reason given.
            case unsupported(String)
        }

        let node: Int
        let dependency: Dependency
        let isInitializer: Bool
        let problem: Problem
    }

    /// The components of one container that answer one type key.
    private struct Candidates {
        var all: [Int] = []
        var byQualifier: [Qualifier?: [Int]] = [:]
    }

    /// The container looked at, then each upstream one.
    let containers: [DIContainer]
    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []
    /// Indices into ``edges`` of each node's dependencies, in recorded order.
    private(set) var outgoing: [[Int]] = []
    private(set) var unresolved: [Unresolved] = []

    private var lookups: [[ObjectIdentifier: Candidates]] = []
    private var ambiguityResolvers: [[any AmbiguityResolver]] = []

    init(container: DIContainer) {
        let chain = Array(container.chain)
        containers = chain
        for (containerIndex, current) in chain.enumerated() {
            var lookup: [ObjectIdentifier: Candidates] = [:]
            for component in current.allComponents() {
                let index = nodes.count
                nodes.append(Node(component: component, containerIndex: containerIndex))
                for type in [component.type] + component.exposedTypes {
                    lookup[ObjectIdentifier(type), default: Candidates()].all.append(index)
                    for qualifier in component.qualifiers.isEmpty ? [nil] : component.qualifiers.map(Optional.some) {
                        lookup[ObjectIdentifier(type), default: Candidates()].byQualifier[qualifier, default: []]
                            .append(index)
                    }
                }
            }
            lookups.append(lookup)
            ambiguityResolvers.append(current.ambiguityResolvers)
        }
        outgoing = Array(repeating: [], count: nodes.count)
        for index in nodes.indices {
            let component = nodes[index].component
            for dependency in component.initializerDependencies {
                connect(index, dependency, isInitializer: true)
            }
            for dependency in component.propertyDependencies {
                connect(index, dependency, isInitializer: false)
            }
        }
    }

    private mutating func connect(_ node: Int, _ dependency: Dependency, isInitializer: Bool) {
        // An argument is given to the resolve, not looked up.
        if let problem = dependency.problem {
            unresolved.append(
                Unresolved(node: node, dependency: dependency, isInitializer: isInitializer, problem: .unsupported(problem)))
            return
        }
        // The resolver is the resolving container: not looked up either.
        guard dependency.kind != .argument && dependency.kind != .resolver else { return }
        switch lookUp(dependency, for: node) {
        case .found(let targets):
            for target in targets {
                outgoing[node].append(edges.count)
                edges.append(Edge(from: node, to: target, dependency: dependency, isInitializer: isInitializer))
            }
        case .missing(let tagged):
            // An optional dependency becomes nil and `[T]` becomes empty: neither fails.
            if !dependency.isOptional && !dependency.isMany {
                unresolved.append(
                    Unresolved(node: node, dependency: dependency, isInitializer: isInitializer, problem: .missing(tagged: tagged)))
            }
        case .ambiguous(let candidates):
            // Optional or not, an ambiguity fails the resolve.
            unresolved.append(
                Unresolved(node: node, dependency: dependency, isInitializer: isInitializer, problem: .ambiguous(candidates)))
        }
    }

    private enum Lookup {
        case found([Int])
        case missing(tagged: Int)
        case ambiguous([Int])
    }

    /// What `dependency` of `node` finds, as `ResolutionContext.resolve` and `resolveAll` would.
    private func lookUp(_ dependency: Dependency, for node: Int) -> Lookup {
        let requester = nodes[node]
        // A `.container`-ranked component is built as the container holding it sees the graph.
        let origin = requester.component.lifetime.rank == .container ? requester.containerIndex : 0
        let key = ObjectIdentifier(dependency.type)
        if dependency.isMany {
            var all: [Int] = []
            var identities = ChainIdentities()
            for containerIndex in origin..<lookups.count {
                guard let candidates = lookups[containerIndex][key] else { continue }
                let fitting = dependency.qualifier.map { candidates.byQualifier[$0] ?? [] } ?? candidates.all
                all += fitting.filter {
                    identities.admits(
                        nodes[$0].component.identity, atOrigin: containerIndex == origin,
                        hasUpstream: containerIndex + 1 < lookups.count)
                }
            }
            return .found(all)
        }
        var tagged = 0
        for containerIndex in origin..<lookups.count {
            guard let candidates = lookups[containerIndex][key] else { continue }
            if let matching = candidates.byQualifier[dependency.qualifier], !matching.isEmpty {
                return choose(among: matching, in: containerIndex, requester: requester.component)
            }
            tagged += candidates.all.count
        }
        if dependency.qualifier == nil && dependency.type is any DependencyWrapper.Type {
            // Answered by the wrapper itself, as a top-level request for `Lazy<T>` is; the
            // recorded dependencies never have such a type, so it is not followed further.
            return .found([])
        }
        return .missing(tagged: tagged)
    }

    /// The resolver's choice among several fitting components, by the resolver's own rule.
    private func choose(among candidates: [Int], in containerIndex: Int, requester: Component) -> Lookup {
        let components = candidates.map { nodes[$0].component }
        switch ResolutionContext.choose(
            among: components, requester: requester, resolvers: ambiguityResolvers[containerIndex])
        {
        case .chosen(let index): return .found([candidates[index]])
        case .ambiguous(let remaining):
            return .ambiguous(remaining.map { component in candidates[components.firstIndex { $0 === component }!] })
        }
    }
}

// MARK: - Graph algorithms

extension DependencyGraph {
    /// The strongly connected components that hold a cycle, over the nodes and edges the
    /// filters keep.
    ///
    /// A component holds a cycle if it has more than one node, or a node with an edge to
    /// itself. Iterative Tarjan: linear in nodes and edges, and no recursion however deep the
    /// graph is.
    func cycles(nodes isIncluded: (Int) -> Bool, edges isFollowed: (Edge) -> Bool) -> [[Int]] {
        var order = Array(repeating: -1, count: nodes.count)
        var low = Array(repeating: 0, count: nodes.count)
        var onStack = Array(repeating: false, count: nodes.count)
        var stack: [Int] = []
        var next = 0
        var found: [[Int]] = []
        for start in nodes.indices where order[start] == -1 && isIncluded(start) {
            var calls: [(node: Int, position: Int)] = [(start, 0)]
            order[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let (node, position) = calls.last {
                let out = outgoing[node]
                if position < out.count {
                    calls[calls.count - 1].position += 1
                    let edge = edges[out[position]]
                    guard isIncluded(edge.to) && isFollowed(edge) else { continue }
                    if order[edge.to] == -1 {
                        order[edge.to] = next
                        low[edge.to] = next
                        next += 1
                        stack.append(edge.to)
                        onStack[edge.to] = true
                        calls.append((edge.to, 0))
                    } else if onStack[edge.to] {
                        low[node] = min(low[node], order[edge.to])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.node { low[caller] = min(low[caller], low[node]) }
                guard low[node] == order[node] else { continue }
                var members: [Int] = []
                while true {
                    let member = stack.removeLast()
                    onStack[member] = false
                    members.append(member)
                    if member == node { break }
                }
                let isCycle =
                    members.count > 1
                    || outgoing[node].contains { edges[$0].to == node && isFollowed(edges[$0]) }
                if isCycle { found.append(members.sorted()) }
            }
        }
        return found
    }

    /// The shortest way from `start` to `target` over members of `members` by edges
    /// `isFollowed` keeps, both ends included; `nil` if there is none.
    func shortestPath(from start: Int, to target: Int, within members: Set<Int>, edges isFollowed: (Edge) -> Bool)
        -> [Int]?
    {
        var parent: [Int: Int] = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edgeIndex in outgoing[node] {
                let edge = edges[edgeIndex]
                guard isFollowed(edge), members.contains(edge.to) else { continue }
                if edge.to == target {
                    var path = [target, node]
                    var step = node
                    while step != start {
                        step = parent[step]!
                        path.append(step)
                    }
                    return path.reversed()
                }
                if parent[edge.to] == nil {
                    parent[edge.to] = node
                    queue.append(edge.to)
                }
            }
        }
        return nil
    }

    /// For each node, the node before it on a shortest way from a root (nothing depends on a
    /// root); nodes no root reaches hang off the first of them, in node order, as a root.
    func rootPaths() -> [Int] {
        var dependents = Array(repeating: 0, count: nodes.count)
        for edge in edges where edge.from != edge.to { dependents[edge.to] += 1 }
        var parent = Array(repeating: -1, count: nodes.count)
        var queue: [Int] = []
        var head = 0
        func walk() {
            while head < queue.count {
                let node = queue[head]
                head += 1
                for edgeIndex in outgoing[node] where parent[edges[edgeIndex].to] == -1 {
                    parent[edges[edgeIndex].to] = node
                    queue.append(edges[edgeIndex].to)
                }
            }
        }
        for node in nodes.indices where dependents[node] == 0 {
            parent[node] = node
            queue.append(node)
        }
        walk()
        for node in nodes.indices where parent[node] == -1 {
            parent[node] = node
            queue.append(node)
            walk()
        }
        return parent
    }
}
