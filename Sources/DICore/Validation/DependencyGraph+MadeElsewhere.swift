extension DependencyGraph {
    /// An error for each dependency on a component made outside the container that a resolve
    /// the container would have to answer reaches.
    ///
    /// Such a component (`register(_:)` of a type) has no factory, so the container cannot make
    /// one; within `inject(into:)` of it, the instance given answers every request for it
    /// (``GivenInstanceStrategy``). So a dependency on it is fine where only that component's
    /// own injections build the holder (a presenter taking back the view controller whose
    /// injection makes it), and an error where a resolve that starts anywhere else builds the
    /// holder: at a root, at another component made elsewhere (whose injections do not get
    /// this one), or at a cycle no root reaches (``rootPaths(alsoRoots:)``). A
    /// holder is looked at as each point of view builds it: one cached in a parent does not
    /// see the instance given to a child's `inject(into:)`. One that nothing depends on is a
    /// root, and so is one marked `.root()`: validation assumes the application resolves it.
    /// `T?` and `[T]` never fail, also inside a `Lazy` or `Provider` (`Provider<[T]>`), but
    /// around one they do (`[Provider<T>]`, `Lazy<T>?`: the read fails). Guarded by
    /// `InjectIntoTests.validationReportsADependencyOnAComponentMadeElsewhere`,
    /// `validationAcceptsAComponentOnlyInjectedInto`, `anOptionalOrArrayDependencyDoesNotGetIt`,
    /// `InjectIntoObjectGraphTests`' validation tests and
    /// `DifferentialKnownIssueTests.validationReportsAProviderOfAComponentMadeElsewhereInAnArray`.
    func dependenciesMadeElsewhere() -> [DIValidationFinding] {
        let isMadeElsewhere = nodes.map { $0.component.attribute(MadeElsewhere.self) != nil }
        // `T?` gets `nil` and `[T]` leaves it out, as for a factory that returned `nil`; a
        // `Lazy` or `Provider` inside them is read later, and its read fails: the innermost
        // wrapper decides, and no wrapper, a `Lazy` or a `Provider` there fails.
        let required = edges.filter { isMadeElsewhere[$0.to] && $0.dependency.wrappers.last.map { $0.deferredKind != nil } ?? true }
        guard !required.isEmpty else { return [] }
        // Where resolves start: the roots marked `.root()` or else those `rootPaths` finds, and
        // every component made elsewhere (`inject(into:)` starts there). With marked roots,
        // what none of them reaches is left to the `unreachable` warning.
        let starts =
            !nodes.contains(where: { $0.component.isRoot })
            ? rootPaths(alsoRoots: { isMadeElsewhere[$0] }).roots
            : nodes.indices.filter { nodes[$0].component.isRoot || isMadeElsewhere[$0] }
        let startSet = Set(starts)
        var findings: [DIValidationFinding] = []
        var reported: Set<[ObjectIdentifier]> = []
        var targets: [Int] = []
        for edge in required where !targets.contains(edge.to) { targets.append(edge.to) }
        for target in targets {
            // Every resolve but `inject(into:)` of the target itself; none goes on past a
            // component made elsewhere, where it fails, unless it starts there.
            var parents = Array(repeating: -1, count: nodes.count)
            walk(from: starts.filter { $0 != target }, parents: &parents) { edge in
                !isMadeElsewhere[edge.from] || startSet.contains(edge.from)
            }
            let held = nodes[target].component
            let heldName = readableName(of: held.type)
            for edge in required where edge.to == target && parents[edge.from] != -1 {
                let holder = nodes[edge.from].component
                guard reported.insert([ObjectIdentifier(holder), ObjectIdentifier(held)]).inserted else { continue }
                let route = Array(sequence(first: edge.from) { parents[$0] == $0 ? nil : parents[$0] }.reversed())
                let start = nodes[route[0]].component
                let builtBy =
                    start.attribute(MadeElsewhere.self) != nil
                    ? "within inject(into:) of \(readableName(of: start.type))"
                    : "by a resolve of \(readableName(of: start.type))" + (start === holder ? " itself" : "")
                // The point of view ends the message, as every missing dependency's finding says it
                // (`DifferentialKnownIssueTests.validationSaysWhoseViewADependencyMadeElsewhereIsFoundFrom`).
                let message =
                    "\(readableName(of: holder.type)) depends on \(heldName), whose instances are made outside the container (registered "
                    + "without a factory), and is built \(builtBy): the container cannot create one there. Only what the injections of "
                    + "\(heldName) build get one, the instance given to inject(into:). Register a factory for \(heldName),"
                    + " or build \(readableName(of: holder.type)) only from those injections" + pointOfViewNote(edge.from)
                findings.append(
                    DIValidationFinding(
                        kind: .missingDependency, severity: .error, message: message, component: holder.info,
                        path: route.map { nodes[$0].component.info } + [held.info], related: [held.info]))
            }
        }
        return findings
    }
}
