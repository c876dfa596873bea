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
    ///   `register(_:)` of a type, filled by ``inject(into:isolation:)``) taken by a component
    ///   that a resolve other than that component's own injections builds: from a root (one
    ///   nothing depends on, or one marked `.root()`) or from another such component's
    ///   injections;
    /// - a captive dependency: an instance meant to be shared more narrowly than the component
    ///   keeping it (an `.objectGraph` one kept by a cached component, a per-container one kept
    ///   by a per-run one, a custom scope's kept by a per-container or per-run one);
    ///
    /// and as warnings: a cycle entered at a `.prototype` component, a `.prototype` kept by a
    /// cached component (`.allowsCapture()` on it says that is intended), `.weak` on a value
    /// type, a component whose factory takes the resolving container (what it resolves through
    /// it cannot be checked), what modules recorded while registering (such as an `import`
    /// outside a framework's `load`), and what the hierarchy's rules report of a child (DIHierarchy:
    /// once, that a container with a parent cannot vouch for containers made later).
    ///
    /// The graph includes the components of the containers upstream of this one, each built
    /// from the point of view the resolve builds it from (a cached instance as its own
    /// container sees the graph, anything else as the container asked sees it), with the
    /// resolver's own lookup. To check this container with what its children register, see
    /// DIHierarchy's `validate(childScope:)`.
    ///
    /// ```swift
    /// let report = container.validate()
    /// #expect(report.isValid, "\(report)")
    /// ```
    ///
    /// - Returns: Every finding, errors first, each with its component, registration site and
    ///   the path from a root component (one nothing depends on) to the problem.
    public func validate() -> DIValidationReport {
        var validator = GraphValidator(graph: DependencyGraph(container: self))
        return DIValidationReport(findings: validator.validate())
    }
}
