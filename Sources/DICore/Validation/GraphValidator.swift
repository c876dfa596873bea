/// Checks a ``DependencyGraph`` and says every problem it finds, with the path from a root.
struct GraphValidator {
    private let graph: DependencyGraph
    /// The node before each node on its way from a root (a root is its own).
    private let parents: [Int]
    private var findings: [DIValidationFinding] = []

    init(graph: DependencyGraph) {
        self.graph = graph
        self.parents = graph.rootPaths().parents
    }

    /// Every finding: errors first, then warnings, each group in the order found; a dependency
    /// on a component made elsewhere (``checkMadeElsewhere()``) is the last error.
    mutating func validate() -> [DIValidationFinding] {
        checkDependencies()
        checkEdges()
        checkCycles()
        checkComponents()
        // The problems each registry found while registering (an impossible exposure), then
        // what the checks other modules added find.
        findings += graph.containers.flatMap { container in container.withRegistry { $0.notes } + container.validationCheckFindings }
        // What the hierarchy's rules report of each child on the chain (DIHierarchy's).
        findings += graph.containers.flatMap { child in child.hierarchyLink?.rules.validationFindings(of: child) ?? [] }
        checkMadeElsewhere()
        // A component built from two points of view may show one problem twice: once is enough.
        var seen: Set<String> = []
        let unique = findings.filter { seen.insert("\($0.kind) \($0.component?.description ?? "") \($0.message)").inserted }
        return unique.filter { $0.severity == .error } + unique.filter { $0.severity == .warning }
    }

    // MARK: - Checks

    /// Dependencies nothing provides, and dependencies several components fit.
    private mutating func checkDependencies() {
        for entry in graph.unresolved {
            let requester = graph.nodes[entry.node].component
            let taken = describe(entry.dependency)
            switch entry.problem {
            case .missing(let others, let count):
                let hint =
                    ResolutionContext.otherQualifiersHint(others, count: count, asked: entry.dependency.qualifier).map { " " + $0 } ?? ""
                report(
                    .missingDependency, .error, at: entry.node,
                    "\(entry.wanted) is not registered; \(readableName(of: requester.type)) takes it as \(taken)."
                        + (entry.dependency.isDeferred ? " The resolve fails when it is first used." : "") + hint)
            case .ambiguous(let candidates):
                let infos = candidates.map { graph.nodes[$0].component.info }
                report(
                    .ambiguousDependency, .error, at: entry.node,
                    "\(entry.wanted) is ambiguous for \(readableName(of: requester.type)), which takes it as \(taken): "
                        + DIError.ambiguity(among: infos),
                    related: infos)
            case .unsupported(let why):
                report(
                    .unsupportedDependency, .error, at: entry.node,
                    "\(readableName(of: requester.type)) takes \(entry.dependency.shape) as \(taken), which has no meaning: \(why). "
                        + "Every resolve of it fails.")
            }
        }
    }

    /// What each dependency found says: a type taken as one instance that a resolve from the
    /// container cannot choose among, and what components keep (not as a `Lazy` or `Provider`):
    /// longer-lived components holding shorter-lived ones, as the holder's lifetime says
    /// (``LifetimeStrategy/captivity(of:)``; `.prototype` captures nothing), and components with
    /// `Argument` parameters.
    ///
    /// A type taken as one instance is settled where a component takes it (a framework prefers
    /// its own), but `container.resolve(T.self)` fails `.ambiguous` though every dependency is
    /// found. A type taken only as `[T]` is not reported (`ContainerAmbiguityTests`).
    private mutating func checkEdges() {
        var seen: Set<[Int]> = []
        // A type some dependency finds ambiguous is an error already.
        var seenTypes = Set(
            graph.unresolved.compactMap { if case .ambiguous = $0.problem { ObjectIdentifier($0.dependency.type) } else { nil } })
        for edge in graph.edges {
            let type = edge.dependency.type
            if edge.dependency.qualifier == nil && !edge.dependency.isMany && seenTypes.insert(ObjectIdentifier(type)).inserted,
                case .ambiguous(let found) = ResolutionContext.lookUp(Dependency(type: type), requester: nil, from: graph.containers[0])
            {
                report(
                    .ambiguousDependency, .warning, at: edge.from,
                    "\(readableName(of: type)) is settled for \(readableName(of: graph.nodes[edge.from].component.type)), "
                        + "but a resolve of it from this container is ambiguous among \(found.count) components: "
                        + "mark one .default(), name them, or take them as [\(readableName(of: type))].",
                    related: found.map(\.info))
            }
            // A `Provider` (the outermost `Lazy` or `Provider` decides) resolves anew on every call:
            // its holder keeps nothing.
            guard edge.dependency.wrappers.first(where: { $0.isDeferred }) != .provider else { continue }
            let holder = graph.nodes[edge.from].component
            let held = graph.nodes[edge.to].component
            let captivity = held.allowsCapture ? nil : holder.lifetime.strategy?.captivity(of: held.lifetime.rank)
            guard captivity != nil || held.argumentCount > 0, seen.insert([edge.from, edge.to]).inserted else { continue }
            let (holderName, heldName) = (readableName(of: holder.type), readableName(of: held.type))
            if let severity = captivity {
                let meaning =
                    held.lifetime.rank == .prototype
                    ? " That is fine for a stateless component: mark \(heldName) .allowsCapture() to say so, or take "
                        + "it as a Provider to get a new one on each call."
                    : " Its instances are meant to be shared more narrowly: take it as a Provider, or give it a lifetime at "
                        + "least as long (.allowsCapture() on it says the capture is intended)."
                report(
                    .captiveDependency, severity, at: edge.from,
                    "Captive dependency: \(holderName) (\(holder.lifetime)) keeps the \(heldName) (\(held.lifetime)) it takes as "
                        + "\(describe(edge.dependency)), so that instance lives as long as its holder instead of its own lifetime.\(meaning)",
                    to: edge.to, related: [held.info])
            }
            guard held.argumentCount > 0 else { continue }
            report(
                .argumentDependency, .warning, at: edge.from,
                "\(heldName) takes Argument parameters, and \(holderName) takes it as \(describe(edge.dependency)): every resolve "
                    + "that reaches it must address arguments to it, `arguments: .for(\(heldName).self, ...)`, or it fails. "
                    + "A Provider called with the arguments is the usual way.",
                to: edge.to, related: [held.info])
        }
    }

    /// Cycles the resolver cannot build, and cycles entered at a `.prototype` component.
    ///
    /// At run time an initializer cycle recurses until the resolver reports it; a cycle closed
    /// by a property injection is built once some component on it is cached (or shared in the
    /// resolve, `.objectGraph`), since each injection runs after its holder is built; with
    /// every component `.prototype`, each injection builds a new cycle and the resolve never
    /// ends. A cycle entered at a `.prototype` component builds that component twice: the one
    /// returned is not the one the cycle holds.
    private mutating func checkCycles() {
        let graph = self.graph
        var reported = Array(repeating: false, count: graph.nodes.count)

        for members in graph.cycles(edges: { $0.isImmediate }) {
            // Reported at the member with the shortest path from a root, the first in node order on a tie.
            let entry = members.min { (graph.route(to: $0, by: parents).count, $0) < (graph.route(to: $1, by: parents).count, $1) }!
            let cycle = graph.shortestPath(from: entry, to: entry, within: Set(members), edges: { $0.isImmediate }) ?? [entry]
            for member in members { reported[member] = true }
            report(
                .cycle, .error, at: entry,
                "Cycle with no breaking point: \(steps(cycle)), every step an initializer dependency. "
                    + "Take one step as a property injection, a Lazy or a Provider.",
                related: cycle.map { graph.nodes[$0].component.info })
        }

        let isPrototype: (Int) -> Bool = { graph.nodes[$0].component.lifetime.isPrototype }
        for members in graph.cycles(nodes: isPrototype, edges: { $0.isEager }) {
            let set = Set(members)
            // A cycle through a property injection: one of the edges inside that is deferred.
            let deferred = members.lazy.flatMap { graph.outgoing[$0] }.map { graph.edges[$0] }
                .first { $0.isEager && $0.dependency.isProperty && set.contains($0.to) }
            guard let deferred else { continue }
            let rest =
                deferred.to == deferred.from
                ? [deferred.to]
                : graph.shortestPath(from: deferred.to, to: deferred.from, within: set, edges: { $0.isEager }) ?? []
            let cycle = [deferred.from] + rest
            for member in members { reported[member] = true }
            report(
                .cycle, .error, at: deferred.from,
                "Cycle of .prototype components closed by a property injection: \(steps(cycle)). Every injection builds the cycle anew, "
                    + "so the resolve never ends. Give the component where resolves start .objectGraph or a caching lifetime.",
                related: cycle.map { graph.nodes[$0].component.info })
        }

        // The members of cycles a resolve can start at: those a component outside the cycle
        // depends on, and those any component takes as a `Lazy` or `Provider` (which starts a
        // resolve of its own). For a cycle nothing outside depends on, the application resolves
        // one of its members itself, presumably one that may start it, so none is assumed.
        let eagerCycles = graph.cycles(edges: { $0.isEager })
        var cycleOf = Array(repeating: -1, count: graph.nodes.count)
        for (index, members) in eagerCycles.enumerated() { members.forEach { cycleOf[$0] = index } }
        let entries = Set(graph.edges.lazy.filter { cycleOf[$0.to] != -1 && (cycleOf[$0.from] != cycleOf[$0.to] || !$0.isEager) }.map(\.to))
        for members in eagerCycles {
            let set = Set(members)
            for entry in members where entries.contains(entry) && isPrototype(entry) && !reported[entry] {
                guard let cycle = graph.shortestPath(from: entry, to: entry, within: set, edges: { $0.isEager }) else { continue }
                let type = readableName(of: graph.nodes[entry].component.type)
                report(
                    .cycle, .warning, at: entry,
                    "Cycle entered at the .prototype component \(type): \(steps(cycle)). It works, but the "
                        + "\(type) the cycle holds is a second instance, not the one requested. Start the cycle at "
                        + "an .objectGraph or cached component, or give \(type) such a lifetime.",
                    related: cycle.map { graph.nodes[$0].component.info })
            }
        }
    }

    /// What each component is on its own: `.weak` on a value type; a factory that takes the
    /// resolving container, or was seen resolving through one it captured
    /// (``Component/recordDynamicResolution()``), whose dependencies resolved that way no record
    /// says, so nothing of them is checked; and, once some components are marked `.root()`, a
    /// component of this container that none of them reaches.
    private mutating func checkComponents() {
        let roots = graph.nodes.indices.filter { graph.nodes[$0].component.isRoot }
        var reached = Array(repeating: -1, count: graph.nodes.count)
        // A component is reached if any of its nodes (one per point of view) is.
        let reachedComponents = Set(graph.walk(from: roots, parents: &reached).map { ObjectIdentifier(graph.nodes[$0].component) })
        for (index, node) in graph.nodes.enumerated() {
            let component = node.component
            if component.isValueType && component.lifetime.strategy?.referencePolicy == .weak {
                report(
                    .weakValueType, .warning, at: index,
                    "\(readableName(of: component.type)) is a value type with the lifetime \(component.lifetime), but nothing can "
                        + "hold a value weakly: every request makes a new one, as with .prototype. Use .strong.")
            }
            if node.resolvesDynamically {
                let places = component.resolverParameterPlaces
                let how =
                    places.isEmpty
                    ? "its factory resolves through a container (one it captured, seen when it was built)"
                    : places.joined(separator: " and ") + (places.count == 1 ? " takes" : " take")
                        + " the resolving container (a DIContainer parameter)"
                report(
                    .dynamicResolution, .warning, at: index,
                    "\(component.info) resolves dynamically: \(how), so the dependencies it resolves that "
                        + "way cannot be checked, nor drawn. Take them as parameters (or as Lazy or Provider) to have them checked.")
            }
            let isUnreached = node.containerIndex == 0 && node.originIndex == 0 && !reachedComponents.contains(ObjectIdentifier(component))
            if !roots.isEmpty && isUnreached {
                report(
                    .unreachable, .warning, at: index,
                    "\(component.info) is reached from no root: nothing marked .root() uses it. Remove the registration, or mark "
                        + "it .root() if the application resolves it directly.", path: [component.info])
            }
        }
    }

    /// An error for each dependency on a component made outside the container that a resolve
    /// the container would have to answer reaches.
    ///
    /// Such a component (`register(_:)` of a type) has no factory, so the container cannot make
    /// one; within `inject(into:)` of it, the instance given answers every request for it
    /// (``GivenInstanceStrategy``). So a dependency on it is fine where only that component's
    /// own injections build the holder (a presenter taking back the view controller whose
    /// injection makes it), and an error where a resolve that starts anywhere else builds the
    /// holder: at a root, at another component made elsewhere (whose injections do not get
    /// this one), or at a cycle no root reaches (``DependencyGraph/rootPaths(alsoRoots:)``). A
    /// holder is looked at as each point of view builds it: one cached in a parent does not
    /// see the instance given to a child's `inject(into:)`. One that nothing depends on is a
    /// root, and so is one marked `.root()`: validation assumes the application resolves it.
    /// `T?` and `[T]` never fail, also inside a `Lazy` or `Provider` (`Provider<[T]>`), but
    /// around one they do (`[Provider<T>]`, `Lazy<T>?`: the read fails). Guarded by
    /// `InjectIntoTests.validationReportsADependencyOnAComponentMadeElsewhere`,
    /// `validationAcceptsAComponentOnlyInjectedInto`, `anOptionalOrArrayDependencyDoesNotGetIt`,
    /// `InjectIntoObjectGraphTests`' validation tests and
    /// `DifferentialKnownIssueTests.validationReportsAProviderOfAComponentMadeElsewhereInAnArray`.
    private mutating func checkMadeElsewhere() {
        let graph = self.graph
        let isMadeElsewhere = graph.nodes.map { $0.component.attribute(MadeElsewhere.self) != nil }
        // `T?` gets `nil` and `[T]` leaves it out, as for a factory that returned `nil`; a
        // `Lazy` or `Provider` inside them is read later, and its read fails: the innermost
        // wrapper decides, and no wrapper, a `Lazy` or a `Provider` there fails.
        let required = graph.edges.filter { isMadeElsewhere[$0.to] && $0.dependency.wrappers.last?.isDeferred ?? true }
        guard !required.isEmpty else { return }
        // Where resolves start: the roots marked `.root()` or else those `rootPaths` finds, and
        // every component made elsewhere (`inject(into:)` starts there). With marked roots,
        // what none of them reaches is left to the `unreachable` warning.
        let starts =
            !graph.nodes.contains(where: { $0.component.isRoot })
            ? graph.rootPaths(alsoRoots: { isMadeElsewhere[$0] }).roots
            : graph.nodes.indices.filter { graph.nodes[$0].component.isRoot || isMadeElsewhere[$0] }
        let startSet = Set(starts)
        var reported: Set<[ObjectIdentifier]> = []
        var targets: Set<Int> = []
        for target in required.map(\.to) where targets.insert(target).inserted {
            // Every resolve but `inject(into:)` of the target itself; none goes on past a
            // component made elsewhere, where it fails, unless it starts there.
            var parents = Array(repeating: -1, count: graph.nodes.count)
            graph.walk(from: starts.filter { $0 != target }, parents: &parents) { edge in
                !isMadeElsewhere[edge.from] || startSet.contains(edge.from)
            }
            let held = graph.nodes[target].component
            let heldName = readableName(of: held.type)
            for edge in required where edge.to == target && parents[edge.from] != -1 {
                let holder = graph.nodes[edge.from].component
                guard reported.insert([ObjectIdentifier(holder), ObjectIdentifier(held)]).inserted else { continue }
                let route = graph.route(to: edge.from, by: parents)
                let start = graph.nodes[route[0]].component
                let builtBy =
                    start.attribute(MadeElsewhere.self) != nil
                    ? "within inject(into:) of \(readableName(of: start.type))"
                    : "by a resolve of \(readableName(of: start.type))" + (start === holder ? " itself" : "")
                // The point of view ends the message (``report(_:_:at:_:to:path:related:)`` adds it), as every missing
                // dependency's finding says it (`DifferentialKnownIssueTests.validationSaysWhoseViewADependencyMadeElsewhereIsFoundFrom`).
                report(
                    .missingDependency, .error, at: edge.from,
                    "\(readableName(of: holder.type)) depends on \(heldName), whose instances are made outside the container (registered "
                        + "without a factory), and is built \(builtBy): the container cannot create one there. Only what the injections of "
                        + "\(heldName) build get one, the instance given to inject(into:). Register a factory for \(heldName),"
                        + " or build \(readableName(of: holder.type)) only from those injections",
                    path: route.map { graph.nodes[$0].component.info } + [held.info], related: [held.info])
            }
        }
    }

    // MARK: - Reporting

    /// Records a finding about the component of `node`, with `path`, by default the path from
    /// a root to it (and on to `next`, the component it takes, if given).
    private mutating func report(
        _ kind: DIValidationFinding.Kind, _ severity: DIValidationFinding.Severity, at node: Int, _ message: String,
        to next: Int? = nil, path: [DIComponentInfo]? = nil, related: [DIComponentInfo] = []
    ) {
        let path = path ?? (graph.route(to: node, by: parents) + (next.map { [$0] } ?? [])).map { graph.nodes[$0].component.info }
        // What a finding about the dependencies of `node` says of its point of view, when it is
        // built as another container than the one looked at sees the graph.
        let origin = graph.nodes[node].originIndex
        let note =
            (kind == .missingDependency || kind == .ambiguousDependency) && origin != 0
            ? " (\(readableName(of: graph.nodes[node].component.type)) is built as \(graph.containerName(origin)) sees the graph, "
                + "whichever container asks: its dependencies are looked up there.)" : ""
        findings.append(
            DIValidationFinding(
                kind: kind, severity: severity, message: message + note, component: graph.nodes[node].component.info,
                path: path, related: related))
    }

    private func steps(_ cycle: [Int]) -> String {
        cycle.map { readableName(of: graph.nodes[$0].component.type) }.joined(separator: " -> ")
    }

    /// How a dependency is taken, such as `an optional Lazy initializer parameter`.
    private func describe(_ dependency: Dependency) -> String {
        var words = dependency.wrappers.map { wrapper in
            switch wrapper {
            case .optional: "optional"
            case .lazy: "Lazy"
            case .provider: "Provider"
            case .many: "array"
            }
        }
        if let given = dependency.given { words.append(given.rawValue) }
        words.append(dependency.isProperty ? "injected property" : "initializer parameter")
        let phrase = words.joined(separator: " ")
        return (phrase.first.map { "aeiouAEIOU".contains($0) } == true ? "an " : "a ") + phrase
    }
}
