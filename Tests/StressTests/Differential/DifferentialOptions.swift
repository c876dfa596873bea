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
    /// Issue 24 point 2, validation and the DOT export vs resolve through a hierarchy: no
    /// cached component that may reach a type a container below its own also registers
    /// (it becomes `.prototype`).
    var knownIssue24_2 = true
    /// Issue 24 point 3, the awaited resolve of a wrapper ignores its arguments, name or tag:
    /// in a graph with main-actor or async components, no request of a wrapper type (`T?`,
    /// `[T]`, `Lazy`, `Provider`, `Named`, `Tagged`) with arguments or a `name:`/`tag:`.
    var knownIssue24_3 = true
    /// Issue 24 point 4, `Lazy` and `Provider` drop arguments: the `Provider` and `Lazy`
    /// doors are not compared for a request with arguments.
    var knownIssue24_4 = true
    /// Issue 24 point 4, through a dependency: no `Lazy` dependency on a type that may reach a
    /// component taking an `Argument` (validation calls a direct one an error while the
    /// resolve, given addressed arguments, works; through another component, or as an element
    /// of `[Lazy<T>]`, the read drops them).
    var knownIssue24_4_lazyDependency = true
    /// Issue 24 point 6, two problems, two answers: in a graph with main-actor or async
    /// components, a synchronous and an awaited error are not compared by code.
    var knownIssue24_6 = true
    /// Issue 24 point 7 (a shape the issue does not list): an element of `[Lazy<T>]` or
    /// `[Provider<T>]` read awaited answers `.requiresAsync` for a main-actor or async
    /// component; no such array in a graph with main-actor or async components.
    var knownIssue24_7_deferredArrays = true

    /// Issue 24 point 10, `Provider` and `Lazy` of a main-actor component fail on the main
    /// actor: the synchronous door on the main actor is not compared where a `Lazy` or
    /// `Provider` is read in a graph with main-actor components.
    var knownIssue24_10 = true
    /// Issue 24 point 10 (a shape the issue does not list): the synchronous
    /// `resolve(_:arguments:)` overloads do not take the caller's isolation, so on the main
    /// actor a main-actor component answers `.requiresAsync`; the synchronous door on the
    /// main actor is not compared for a request with arguments.
    var knownIssue24_10_argumentOverloads = true

    /// Every switch off: every shape generated, every door compared (`DIFF_ALL_SHAPES=1`).
    static let everyShape = DifferentialOptions(
        knownIssue24_1: false, knownIssue24_2: false, knownIssue24_3: false, knownIssue24_4: false,
        knownIssue24_4_lazyDependency: false, knownIssue24_6: false, knownIssue24_7_deferredArrays: false,
        knownIssue24_10: false, knownIssue24_10_argumentOverloads: false)

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
        if knownIssue24_2 {
            for index in graph.components.indices where graph.components[index].lifetime.isCached {
                let container = graph.components[index].container
                if graph.reachable(from: index).contains(where: { graph.components[$0].container > container }) {
                    graph.components[index].lifetime = .prototype
                    graph.components[index].isWeak = false
                }
            }
        }
        if knownIssue24_3 && graph.hasIsolatedComponents {
            let snapshot = graph
            graph.requests.removeAll { request in
                let dependency = request.dependency
                let isWrapper =
                    dependency.kind != .one || dependency.wrapper != .plain
                    || (dependency.qualifier != nil && !snapshot.qualifiesByOverload(request))
                return isWrapper && (snapshot.arguments(for: request) != .none || snapshot.qualifiesByOverload(request))
            }
        }
        if knownIssue24_4_lazyDependency {
            graph.editDependencies { dependency, graph in
                if dependency.wrapper == .lazy && graph.mayReachArgument(dependency.target) { dependency.wrapper = .plain }
            }
        }
        if knownIssue24_7_deferredArrays && graph.hasIsolatedComponents {
            graph.editDependencies { dependency, _ in
                if dependency.kind == .many { dependency.wrapper = .plain }
            }
            for index in graph.requests.indices where graph.requests[index].dependency.kind == .many {
                graph.requests[index].dependency.wrapper = .plain
            }
        }
        if graph.requests.isEmpty {
            graph.requests = [Request(dependency: DependencySpec(target: Target(index: 0), kind: .maybe), origin: 0)]
        }
    }

    /// Whether the `Provider` and `Lazy` doors are compared for `request`.
    func comparesDeferredDoors(for request: Request, in graph: GraphSpec) -> Bool {
        !knownIssue24_4 || graph.arguments(for: request) == .none
    }

    /// Whether the main-actor door is compared for `request`.
    func comparesMainActorDoor(for request: Request, in graph: GraphSpec) -> Bool {
        if knownIssue24_10_argumentOverloads && graph.arguments(for: request) != .none { return false }
        if knownIssue24_10 && graph.components.contains(where: { $0.isolation == .mainActor }) {
            let wrappers = [request.dependency] + graph.components.flatMap { $0.dependencies + ($0.injected.map { [$0] } ?? []) }
            if wrappers.contains(where: { $0.wrapper != .plain }) { return false }
        }
        return true
    }

    /// Whether a synchronous and an awaited error with different codes are a disagreement.
    func comparesErrorCodes(in graph: GraphSpec) -> Bool {
        !knownIssue24_6 || !graph.hasIsolatedComponents
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
