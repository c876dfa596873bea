extension DependencyGraph {
    /// An error for each dependency answered by a component made outside the container.
    ///
    /// Such a component (`register(_:)` of a type) has no factory, so the container cannot
    /// make one; one that nothing depends on (only `inject(into:)` uses it), or that only
    /// `T?` and `[T]` take, is fine, also inside a `Lazy` or `Provider` (`Provider<[T]>`), not
    /// around one (`[Provider<T>]`, `Lazy<T>?`: the read fails). Guarded
    /// by `InjectIntoTests.validationReportsADependencyOnAComponentMadeElsewhere` and
    /// `validationAcceptsAComponentOnlyInjectedInto`, `anOptionalOrArrayDependencyDoesNotGetIt`.
    func dependenciesMadeElsewhere() -> [DIValidationFinding] {
        edges.compactMap { edge in
            // `T?` gets `nil` and `[T]` leaves it out, as for a factory that returned `nil`; a
            // `Lazy` or `Provider` inside them is read later, and its read fails
            // (`DifferentialKnownIssueTests.validationReportsAProviderOfAComponentMadeElsewhereInAnArray`).
            let wrappers = edge.dependency.wrappers
            let read = wrappers.lastIndex { $0 == .lazy || $0 == .provider }.map { wrappers[($0 + 1)...] } ?? wrappers[...]
            guard !read.contains(where: { $0 == .optional || $0 == .many }) else { return nil }
            let target = nodes[edge.to].component
            guard target.attribute(MadeElsewhere.self) != nil else { return nil }
            let holder = nodes[edge.from].component
            var message =
                "\(readableName(of: holder.type)) depends on \(readableName(of: target.type)), whose instances are"
                + " made outside the container (registered without a factory); the container cannot create one."
                + " Register a factory for it, or hand the instance over another way"
            // The point of view, as every missing dependency's finding says it
            // (`DifferentialKnownIssueTests.validationSaysWhoseViewADependencyMadeElsewhereIsFoundFrom`).
            let origin = nodes[edge.from].originIndex
            if origin != 0 {
                message +=
                    " (\(readableName(of: holder.type)) is built as \(containerName(origin)) sees the graph, "
                    + "whichever container asks: its dependencies are looked up there.)"
            }
            return DIValidationFinding(
                kind: .missingDependency, severity: .error,
                message: message,
                component: holder.info, path: [holder.info], related: [target.info])
        }
    }
}
