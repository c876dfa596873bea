import DICore

extension ChildRules {
    /// What validation reports of a child: once, whatever the number of children on the
    /// chain, that validation checks the hierarchy as it is now and cannot vouch for containers
    /// made later (`ValidationTests.hierarchyIsWarnedAboutOnceAndLookupsContinueUpstream`).
    static func validationFindings(of child: DIContainer) -> [DIValidationFinding] { [hierarchyWarning] }

    static let hierarchyWarning = DIValidationFinding(
        kind: .containerHierarchy, severity: .warning,
        message: "This container has a parent. Validation checks the hierarchy as it is now and cannot "
            + "vouch for containers made later while the program runs; create containers at start-up.")
}

extension DIContainer {
    /// Checks the graph a child of this container resolves once it has registered what
    /// `childScope` registers: for an application whose per-request or per-screen child
    /// containers register components of their own, which `validate()` alone reports as
    /// missing.
    ///
    /// `childScope` runs on a throwaway child of this container (made as
    /// ``init(parent:)`` makes one); pass the function your application registers each
    /// child with, so validation checks exactly what the children will do. Every component of
    /// the child and of this container is checked as a resolve from such a child sees it
    /// (a cached component of this container still from this container's point of view, as the
    /// resolve builds it). Nothing is built, and the child is dropped afterwards. Components
    /// that the application resolves from this container itself are checked by `validate()`.
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
    /// - Returns: Every finding, as `validate()` gives them; the warning that a container with
    ///   a parent cannot vouch for containers made later is left out for the throwaway child
    ///   (it is given when this container has a parent itself).
    public func validate(childScope: (DIContainer) -> Void) -> DIValidationReport {
        let child = DIContainer(parent: self)
        childScope(child)
        // The application made no such child: only this container's own parent is one to warn of.
        return parent == nil ? child.validate().leavingOut(.containerHierarchy) : child.validate()
    }
}
