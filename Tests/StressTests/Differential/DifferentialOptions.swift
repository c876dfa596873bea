/// The differential suite's switches for disagreements the library still has, and the
/// harness's own limits.
///
/// A switch (`knownIssue…`, `true` while the fix is pending) keeps one shape out of the random
/// graphs, or one door out of the comparison, with a plain test of its minimal graph in
/// `DifferentialKnownIssueTests` wrapped in `withKnownIssue`.
struct DifferentialOptions: Sendable {
    /// Every switch off: every shape generated, every door compared (`DIFF_ALL_SHAPES=1`).
    static let everyShape = DifferentialOptions()

    /// Applies the switches and the harness's own limits to a generated graph.
    func exclude(from graph: inout GraphSpec) {
        // The harness calls a `Provider` dependency without arguments, and a `Provider`'s
        // resolve is a resolve of its own, without the arguments addressed to the one that
        // made it: no `Provider` of a type that may reach a component taking an `Argument`.
        graph.editDependencies { dependency, graph in
            if dependency.wrapper == .provider && graph.mayReachArgument(dependency.target) { dependency.wrapper = .plain }
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
