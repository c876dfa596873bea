/// The components a container can resolve and what each one's dependencies find, worked out
/// from what registration recorded, without running a factory.
///
/// Validation and the graph export share it. A node is a component built from one point of
/// view: the container whose registrations answer its dependencies, as
/// ``Component/buildOrigin(requestedFrom:)`` decides for the resolve itself. The first nodes
/// are the components of the container and of every container upstream of it, in that order
/// and in registration order, each as a request from the container looked at builds it; a
/// component that some build reaches from another point of view (a `.prototype` taken by a
/// parent's cached component is built as the parent sees the graph) is one more node. Each
/// dependency is looked up by the resolver's own lookup
/// (``ResolutionContext/lookUp(_:requester:from:)``) from its holder's point of view, so the
/// graph is the one a resolve builds.
struct DependencyGraph {
    /// One component, built from one point of view.
    struct Node {
        let component: Component
        /// Index in ``DependencyGraph/containers`` of the container holding the registration:
        /// 0 is the container being looked at.
        let containerIndex: Int
        /// Index in ``DependencyGraph/containers`` of the container whose registrations answer
        /// the component's dependencies when it is built.
        let originIndex: Int
        /// Whether the component takes the resolving container (a `DIContainer` parameter), or
        /// was seen resolving through one it captured: what it resolves that way is decided by
        /// its factory, at run time.
        var resolvesDynamically = false
    }

    /// One dependency of a component, and one component that answers it.
    struct Edge {
        let from: Int
        let to: Int
        let dependency: Dependency
        /// Whether the holder's build resolves it (else a `Lazy` or `Provider` does, when used):
        /// ``Dependency/isLookedUpByTheBuild``.
        let isEager: Bool
        /// Whether it is resolved while the holder is built: an eager initializer parameter
        /// (a property injection's runs after the holder is built, before the resolve returns).
        var isImmediate: Bool { isEager && !dependency.isProperty }
    }

    /// A dependency that finds no single component.
    struct Unresolved {
        enum Problem {
            /// Nothing fits; the type has `count` components with other names or tags,
            /// `others` the first of them.
            case missing(others: [Component], count: Int)
            /// Several fit and nothing settles which.
            case ambiguous([Int])
            /// The shape has no meaning, for the reason given.
            case unsupported(String)
        }

        let node: Int
        let dependency: Dependency
        let problem: Problem

        /// What the dependency asks for, such as `Database (primary)`.
        var wanted: String { readableName(of: dependency.type) + (dependency.qualifier.map { " (\($0))" } ?? "") }
    }

    /// The container looked at, then each upstream one.
    let containers: [DIContainer]
    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []
    /// Indices into ``edges`` of each node's dependencies, in recorded order.
    private(set) var outgoing: [[Int]] = []
    private(set) var unresolved: [Unresolved] = []

    /// Each registered component's index in ``components``, by its address.
    private var componentIndices: [ObjectIdentifier: Int] = [:]
    /// The registered components, with the index of the container holding each.
    private var components: [(component: Component, containerIndex: Int)] = []
    /// The node of each component from each point of view: `components.count` entries per
    /// point of view, -1 where there is none yet.
    private var nodeIndices: [Int] = []

    init(container: DIContainer) {
        containers = Array(container.chain)
        for (containerIndex, current) in containers.enumerated() {
            for component in current.allComponents() {
                componentIndices[ObjectIdentifier(component)] = components.count
                components.append((component, containerIndex))
            }
        }
        nodeIndices = Array(repeating: -1, count: components.count * containers.count)
        for index in components.indices { _ = node(of: index, requestedFrom: 0) }
        // Nodes made while connecting are connected in turn.
        var next = 0
        while next < nodes.count {
            let component = nodes[next].component
            nodes[next].resolvesDynamically = component.wasSeenResolvingDynamically
            for dependency in component.initializerDependencies { connect(next, dependency) }
            for dependency in component.propertyDependencies { connect(next, dependency) }
            next += 1
        }
    }

    /// The node of the registered component `index` as a request from the container at
    /// `requester` builds it, made if new.
    private mutating func node(of index: Int, requestedFrom requester: Int) -> Int {
        let (component, containerIndex) = components[index]
        let builder = component.buildOrigin(requestedFrom: containers[requester])
        let origin = containers.firstIndex { $0 === builder } ?? containerIndex
        let key = origin * components.count + index
        if nodeIndices[key] != -1 { return nodeIndices[key] }
        nodeIndices[key] = nodes.count
        nodes.append(Node(component: component, containerIndex: containerIndex, originIndex: origin))
        outgoing.append([])
        return nodes.count - 1
    }

    /// The nodes of `found`, built as a request from the container at `requester` builds them.
    private mutating func nodes(of found: some Sequence<Component>, requestedFrom requester: Int) -> [Int] {
        found.compactMap { component in componentIndices[ObjectIdentifier(component)].map { node(of: $0, requestedFrom: requester) } }
    }

    private mutating func connect(_ node: Int, _ dependency: Dependency) {
        func failure(_ problem: Unresolved.Problem) -> Unresolved { Unresolved(node: node, dependency: dependency, problem: problem) }
        if let problem = dependency.problem {
            unresolved.append(failure(.unsupported(problem)))
            return
        }
        // An argument is given to the resolve, not looked up. The resolver is the resolving
        // container: what the factory resolves through it, no record says.
        if dependency.given == .resolver { nodes[node].resolvesDynamically = true }
        guard dependency.given == nil else { return }
        let requester = nodes[node]
        let origin = requester.originIndex
        switch ResolutionContext.lookUp(dependency, requester: requester.component, from: containers[origin]) {
        case .found(let found):
            let isEager = dependency.isLookedUpByTheBuild
            for target in nodes(of: found.lazy.map(\.component), requestedFrom: origin) {
                outgoing[node].append(edges.count)
                edges.append(Edge(from: node, to: target, dependency: dependency, isEager: isEager))
            }
        case .missing(let others, let count):
            // Answered by the wrapper itself, as a top-level request for `Lazy<T>` is; the
            // recorded dependencies never have such a type, so it is not followed further.
            if dependency.qualifier == nil && dependency.type is any DependencyWrapper.Type { return }
            // An optional dependency becomes nil: it does not fail.
            if !dependency.isOptional { unresolved.append(failure(.missing(others: others, count: count))) }
        case .ambiguous(let candidates):
            // Optional or not, an ambiguity fails the resolve.
            unresolved.append(failure(.ambiguous(nodes(of: candidates, requestedFrom: origin))))
        }
    }

    /// How the container at `index` is named in findings and the DOT export: `this container`,
    /// `parent 1` (its parent), `parent 2` (the parent's parent), and so on.
    func containerName(_ index: Int) -> String { index == 0 ? "this container" : "parent \(index)" }
}

// MARK: - Graph algorithms

extension DependencyGraph {
    /// The strongly connected components that hold a cycle, over the nodes and edges the
    /// filters keep.
    ///
    /// A component holds a cycle if it has more than one node, or a node with an edge to
    /// itself. Iterative Tarjan: linear in nodes and edges, and no recursion however deep the
    /// graph is.
    func cycles(nodes isIncluded: (Int) -> Bool = { _ in true }, edges isFollowed: (Edge) -> Bool) -> [[Int]] {
        var order = Array(repeating: -1, count: nodes.count)
        // The lowest order a node reaches through nodes still on the stack; `Int.max` once its
        // component is found, so a node off the stack lowers nothing.
        var low = order
        var stack: [Int] = []
        var next = 0
        var found: [[Int]] = []
        var calls: [(node: Int, position: Int)] = []
        func visit(_ node: Int) {
            order[node] = next
            low[node] = next
            next += 1
            stack.append(node)
            calls.append((node, 0))
        }
        for start in nodes.indices where order[start] == -1 && isIncluded(start) {
            visit(start)
            while let (node, position) = calls.last {
                let out = outgoing[node]
                if position < out.count {
                    calls[calls.count - 1].position += 1
                    let edge = edges[out[position]]
                    guard isIncluded(edge.to) && isFollowed(edge) else { continue }
                    if order[edge.to] == -1 { visit(edge.to) } else { low[node] = min(low[node], low[edge.to]) }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.node { low[caller] = min(low[caller], low[node]) }
                guard low[node] == order[node] else { continue }
                // The component is `node` and what the stack holds above it.
                let first = stack.lastIndex(of: node)!
                stack[first...].forEach { low[$0] = .max }
                if stack.count - first > 1 || outgoing[node].contains(where: { edges[$0].to == node && isFollowed(edges[$0]) }) {
                    found.append(stack[first...].sorted())
                }
                stack.removeSubrange(first...)
            }
        }
        return found
    }

    /// The shortest way from `start` to `target` over members of `members` by edges
    /// `isFollowed` keeps, both ends included; `nil` if there is none.
    func shortestPath(from start: Int, to target: Int, within members: Set<Int>, edges isFollowed: (Edge) -> Bool)
        -> [Int]?
    {
        func isInside(_ edge: Edge) -> Bool { isFollowed(edge) && members.contains(edge.to) }
        var parents = Array(repeating: -1, count: nodes.count)
        let reached = walk(from: [start], parents: &parents, edges: isInside)
        // The step into `target`; into `start` itself, from the first node reached with an edge to it.
        let last =
            target != start
            ? parents[target] : reached.first { outgoing[$0].contains { edges[$0].to == start && isInside(edges[$0]) } } ?? -1
        guard last != -1 else { return nil }
        return route(to: last, by: parents) + [target]
    }

    /// The nodes from a start (a node that is its own parent) to `node`, both included, by
    /// `parents`, as ``walk(from:parents:edges:)`` and ``rootPaths(alsoRoots:)`` set them.
    func route(to node: Int, by parents: [Int]) -> [Int] {
        sequence(first: node) { parents[$0] == $0 ? nil : parents[$0] }.reversed()
    }

    /// For each node, the node before it on a shortest way from a root (nothing depends on a
    /// root, and each node `isRoot` keeps is one); nodes no root reaches hang off the first of
    /// them, in node order, as a root.
    ///
    /// - Returns: The parents, and the roots: those found first, in node order, then each one
    ///   added for what they do not reach.
    func rootPaths(alsoRoots isRoot: (Int) -> Bool = { _ in false }) -> (parents: [Int], roots: [Int]) {
        var dependents = Array(repeating: 0, count: nodes.count)
        for edge in edges where edge.from != edge.to { dependents[edge.to] += 1 }
        var roots = nodes.indices.filter { dependents[$0] == 0 || isRoot($0) }
        var parents = Array(repeating: -1, count: nodes.count)
        walk(from: roots, parents: &parents)
        for node in nodes.indices where parents[node] == -1 {
            roots.append(node)
            walk(from: [node], parents: &parents)
        }
        return (parents, roots)
    }

    /// Breadth first from `starts` (each its own parent) by the edges `isFollowed` keeps, over
    /// the nodes `parents` does not mark reached yet (-1): sets each node's parent to the node
    /// before it on a shortest way from one of `starts`.
    ///
    /// - Returns: The nodes reached, `starts` first, in the order reached.
    @discardableResult func walk(from starts: [Int], parents: inout [Int], edges isFollowed: (Edge) -> Bool = { _ in true }) -> [Int] {
        for start in starts { parents[start] = start }
        var queue = starts
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edgeIndex in outgoing[node] where parents[edges[edgeIndex].to] == -1 && isFollowed(edges[edgeIndex]) {
                parents[edges[edgeIndex].to] = node
                queue.append(edges[edgeIndex].to)
            }
        }
        return queue
    }
}
