/// The differential suite's switches for the disagreements of issue 24 the library still has.
///
/// Each `knownIssue24_…` switch, while `true`, keeps one shape out of the random graphs (or,
/// where the shape is a door rather than a graph, out of the comparison), so that the suite
/// passes on today's code. Turn a switch off (`false`) once its fix has landed;
/// `DifferentialKnownIssueTests` holds the minimal graph of each shape as a plain test.
struct DifferentialOptions: Sendable {
    /// Issue 24 point 1, a failed resolve keeps what it built: no property injection on a
    /// cached component or on anything a cached component may take (a failed injection
    /// leaves the cached instance behind).
    var knownIssue24_1 = true

    /// Every switch off: every shape generated, every door compared (`DIFF_ALL_SHAPES=1`).
    static let everyShape = DifferentialOptions(knownIssue24_1: false)

    /// Applies the switches and the harness's own limits to a generated graph.
    func exclude(from graph: inout GraphSpec) {
        // The harness calls a `Provider` dependency without arguments, and a `Provider`'s
        // resolve is a resolve of its own, without the arguments addressed to the one that
        // made it: no `Provider` of a type that may reach a component taking an `Argument`.
        graph.editDependencies { dependency, graph in
            if dependency.wrapper == .provider && graph.mayReachArgument(dependency.target) { dependency.wrapper = .plain }
        }
        if knownIssue24_1 {
            let cached = graph.components.indices.filter { graph.components[$0].lifetime.isCached }
            let held = cached.reduce(into: Set(cached)) { $0.formUnion(graph.reachable(from: $1)) }
            for index in held { graph.components[index].injected = nil }
        }
        if graph.requests.isEmpty {
            graph.requests = [Request(dependency: DependencySpec(target: Target(index: 0), kind: .maybe), origin: 0)]
        }
    }
}

extension GraphSpec {
    /// Whether a component answering `target`, or one it may take, takes an `Argument`.
    func mayReachArgument(_ target: Target) -> Bool {
        components.indices.contains { index in
            components[index].answers(target)
                && ([index] + reachable(from: index)).contains { components[$0].takesArgument }
        }
    }

    /// Calls `edit` on every dependency and injection of every component.
    mutating func editDependencies(_ edit: (inout DependencySpec, GraphSpec) -> Void) {
        let snapshot = self
        for index in components.indices {
            for dependency in components[index].dependencies.indices {
                edit(&components[index].dependencies[dependency], snapshot)
            }
            if var injected = components[index].injected {
                edit(&injected, snapshot)
                components[index].injected = injected
            }
        }
    }

}
