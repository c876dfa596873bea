extension DIContainer {
    /// Checks the whole graph this container resolves, without building anything, and
    /// reports every problem at once.
    ///
    /// Call it at start-up, once everything is registered, or in a unit test of the
    /// application. It reads the dependencies each registration recorded and never runs a
    /// factory. It finds, as errors:
    /// - a dependency nothing provides (optional dependencies and arrays never fail; a `Lazy`
    ///   or `Provider` does, when used);
    /// - a dependency several components fit, with no default and no framework import to
    ///   choose one;
    /// - a cycle of initializer parameters only, or a cycle of `.prototype` components closed
    ///   by a property injection, which never stops building;
    /// - a dependency on a component made outside the container (registered with
    ///   `register(_:)` of a type, filled by ``inject(into:isolation:)``);
    /// - a captive dependency: a per-run or per-container component keeping a `.prototype`
    ///   or `.objectGraph` one, or a per-run one keeping a per-container one;
    ///
    /// and as warnings: a cycle entered at a `.prototype` component, a captive dependency
    /// involving a custom scope (whose span the library cannot know), `.weak` on a value
    /// type, what modules recorded while registering (such as an `import` outside a
    /// framework's `load`), and, once, that a container with a parent cannot vouch for
    /// containers made later.
    ///
    /// The graph includes the components of the containers upstream of this one, looked up
    /// as a resolve from this container would look them up.
    ///
    /// ```swift
    /// let report = container.validate()
    /// #expect(report.isValid, "\(report)")
    /// ```
    ///
    /// - Returns: Every finding, errors first, each with its component, registration site and
    ///   the path from a root component (one nothing depends on) to the problem.
    public func validate() -> DIValidationReport {
        let graph = DependencyGraph(container: self)
        var validator = GraphValidator(graph: graph)
        var findings = validator.validate()
        // Errors first: these go after the validator's errors, before its warnings.
        let firstWarning = findings.firstIndex { $0.severity != .error } ?? findings.count
        findings.insert(contentsOf: graph.dependenciesMadeElsewhere(), at: firstWarning)
        return DIValidationReport(findings: findings)
    }

    /// Whether ``validate()`` finds no error; warnings do not count.
    ///
    /// ```swift
    /// precondition(container.checkIsValid(), "\(container.validate())")
    /// ```
    public func checkIsValid() -> Bool {
        validate().isValid
    }
}
