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
    /// outside a framework's `load`), and, once, that a container with a parent cannot vouch
    /// for containers made later.
    ///
    /// The graph includes the components of the containers upstream of this one, each built
    /// from the point of view the resolve builds it from (a cached instance as its own
    /// container sees the graph, anything else as the container asked sees it), with the
    /// resolver's own lookup. To check this container with what its children register, see
    /// ``validate(childScope:)``.
    ///
    /// ```swift
    /// let report = container.validate()
    /// #expect(report.isValid, "\(report)")
    /// ```
    ///
    /// - Returns: Every finding, errors first, each with its component, registration site and
    ///   the path from a root component (one nothing depends on) to the problem.
    public func validate() -> DIValidationReport {
        Self.report(of: DependencyGraph(container: self), isThrowawayChild: false)
    }

    /// The findings of `graph`, for ``validate()`` and ``validate(childScope:)`` alike
    /// (`InjectIntoTests.childScopeValidationReportsADependencyOnAComponentMadeElsewhere`).
    private static func report(of graph: DependencyGraph, isThrowawayChild: Bool) -> DIValidationReport {
        var validator = GraphValidator(graph: graph, isThrowawayChild: isThrowawayChild)
        var findings = validator.validate()
        // Errors first: these go after the validator's errors, before its warnings.
        let firstWarning = findings.firstIndex { $0.severity != .error } ?? findings.count
        findings.insert(contentsOf: graph.dependenciesMadeElsewhere(), at: firstWarning)
        return DIValidationReport(findings: findings)
    }

    /// Checks the graph a child of this container resolves once it has registered what
    /// `childScope` registers: for an application whose per-request or per-screen child
    /// containers register components of their own, which ``validate()`` alone reports as
    /// missing.
    ///
    /// `childScope` runs on a throwaway child of this container (made as
    /// `DIContainer(parent:)` makes one); pass the function your application registers each
    /// child with, so validation checks exactly what the children will do. Every component of
    /// the child and of this container is checked as a resolve from such a child sees it
    /// (a cached component of this container still from this container's point of view, as the
    /// resolve builds it). Nothing is built, and the child is dropped afterwards. Components
    /// that the application resolves from this container itself are checked by ``validate()``.
    ///
    /// ```swift
    /// func registerRequestScope(_ request: DIContainer) {
    ///     request.register(RequestContext.init).lifetime(.perContainer(.strong))
    /// }
    /// let report = app.validate(childScope: registerRequestScope)
    /// // then, per request: let request = DIContainer(parent: app); registerRequestScope(request)
    /// ```
    ///
    /// - Parameter childScope: Registers into a child what the application's children register.
    /// - Returns: Every finding, as ``validate()`` gives them; the warning that a container with
    ///   a parent cannot vouch for containers made later is left out for the throwaway child
    ///   (it is given when this container has a parent itself).
    public func validate(childScope: (DIContainer) -> Void) -> DIValidationReport {
        let child = DIContainer(upstream: self)
        childScope(child)
        return Self.report(of: DependencyGraph(container: child), isThrowawayChild: true)
    }
}
