/// The attribute of a component whose instances are made outside the container: registered
/// with `register(_:)` of a type, filled by `inject(into:)`.
struct MadeElsewhere: Sendable {}

extension DIContainer {
    /// Registers a class whose instances something else makes, such as a storyboard's view
    /// controllers or an object a framework hands over: the container injects their
    /// properties and runs their `postInit` when given one, with ``inject(into:isolation:)``.
    ///
    /// ```swift
    /// container.register(ProfileViewController.self)
    ///     .injection(\.model)
    ///     .postInit { controller in controller.configure() }
    ///
    /// // in the code the instance is handed to:
    /// try container.inject(into: controller)
    /// ```
    ///
    /// The container cannot create one: resolving the type (or a component requiring it)
    /// fails with ``DIError/Code-swift.struct/notRegistered`` saying so, and ``validate()``
    /// reports a component that requires it as an error. As for a factory returning `nil`,
    /// a `T?` dependency gets `nil` and `[T]` leaves it out. Mark it `.root()` if the
    /// container's roots are declared, as nothing resolves it.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - type: The class whose instances are made elsewhere.
    /// - Returns: A builder that sets the component's injections, `postInit`, names and tags.
    @discardableResult
    public func register<T: AnyObject>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ type: T.Type
    ) -> DIComponentBuilder<T> {
        let builder: DIComponentBuilder<T> = _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) {
            registration, owner in
            let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                throw context.errorOfCurrentComponent(.madeElsewhere, requested: T.self)
            }
            return DIContainer._component(registration: &registration, owner: owner, dependencies: [], factory: factory)
        }
        return builder.attributed(MadeElsewhere())
    }

    /// Runs the property injections and `postInit` actions registered for `T` on an instance
    /// made outside the container.
    ///
    /// The registration is the one an unqualified request for `T` finds, in this container or
    /// upstream (usually made with `register(_:)` of a type). Its injections
    /// resolve their values from this container, as a resolve of `T` would, and its `postInit`
    /// actions run after them. On the main actor, main-actor injections run inline; off it,
    /// they fail with ``DIError/Code-swift.struct/requiresAsync``.
    ///
    /// ```swift
    /// let controller = storyboard.instantiateInitialViewController() as! ProfileViewController
    /// try container.inject(into: controller)
    /// ```
    ///
    /// - Parameters:
    ///   - instance: The instance to fill.
    ///   - isolation: The caller's actor; leave the default.
    /// - Throws: ``DIError``: `.notRegistered` if no registration of `T` answers, or the
    ///   error of an injection.
    public func inject<T: AnyObject>(into instance: T, isolation: isolated (any Actor)? = #isolation) throws(DIError) {
        try withContext(callerIsolation: isolation) { (context) throws(DIError) in
            try context.inject(into: instance)
        }
    }
}

extension ResolutionContext {
    /// Schedules the injections of `T`'s component on `instance`, as for an instance it built.
    ///
    /// The registration is the one an unqualified request for `T` gets, by the resolver's own
    /// lookup and choice (``lookUp(_:requester:from:)``): several that nothing settles are
    /// `.ambiguous`, as for the request (`AwaitedMainActorActionsTests.injectIntoAnAmbiguousTypeIsAmbiguous`).
    mutating func inject<T: AnyObject>(into instance: T) throws(DIError) {
        var found: [Component] = []
        switch Self.lookUp(Dependency(type: T.self), requester: nil, from: origin) {
        case .found(let components): found = components
        case .ambiguous(let remaining): throw error(.ambiguous(ComponentInfoList(remaining.map { $0.info })), requested: T.self)
        case .missing: break
        }
        guard let component = found.first as? ComponentBox<T> else {
            let hint =
                "inject(into:) needs a registration of \(readableName(of: T.self)) as its own type, unnamed"
                + " (one made with `register(\(readableName(of: T.self)).self)`), and found none or several."
            throw DIError(.notRegistered(qualifier: nil, hint: hint), requested: T.self, path: path)
        }
        guard component.hasInjections else { return }
        scheduleInjections(component.injections, into: instance, of: component)
    }
}
