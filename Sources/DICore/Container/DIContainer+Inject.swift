/// The attribute of a component whose instances are made outside the container: registered
/// with `register(_:)` of a type, filled by `inject(into:)`.
struct MadeElsewhere: Sendable {}

/// How the resolver gets an instance of a component made outside the container, whatever
/// lifetime its registration declares: the instance given to `inject(into:)` answers every
/// request for the component within that injection's resolve, as an `.objectGraph` instance
/// would; anywhere else the container cannot make one, and the request fails
/// `.madeElsewhere` with its path.
///
/// The container never keeps the given instance (not under `.single` or `.perContainer`
/// either) and never makes one. For validation it ranks as `.objectGraph`, the span the given
/// instance has (`InjectIntoObjectGraphTests.aPrototypeDeclaredViewIsTheGivenInstanceToo`,
/// `aCachedLifetimeKeepsNoGivenInstance`).
struct GivenInstanceStrategy: LifetimeStrategy {
    /// The lifetime the registration declares, as messages and the graph export show it.
    let name: String
    var rank: LifetimeRank { .objectGraph }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let given = context.sharedInstance(for: component.registrationID) { return given }
        // Its factory throws `.madeElsewhere`, naming the path.
        return try component.makeInstance(in: &context)
    }
}

extension DIContainer {
    /// Registers a class whose instances something else makes, such as a storyboard's view
    /// controllers or an object a framework hands over: the container injects their
    /// properties and runs their `postInit` when given one, with ``inject(into:isolation:)``.
    ///
    /// `T` may also be a protocol the classes adopt, `register((any ScreenView).self)`, for
    /// instances typed so: `inject(into:)` then takes a value of `any ScreenView`. A value
    /// type is accepted but pointless: `inject(into:)` hands its injections a copy.
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
    /// The container cannot create one. Within ``inject(into:isolation:)``, the instance given
    /// is the component's instance for everything its injections build, whatever its lifetime
    /// (as an `.objectGraph` one is within a resolve): a presenter its injection makes may take
    /// the view controller back as an initializer parameter, a `Lazy` or a `Provider`.
    /// Anywhere else, resolving the type (or a component requiring it) fails with
    /// ``DIError/Code-swift.struct/notRegistered`` saying so, and ``validate()`` reports as an
    /// error a component requiring it that a resolve other than its own injections reaches.
    /// As for a factory returning `nil`, a `T?` dependency there gets `nil` and `[T]` leaves
    /// it out; a `[Provider<T>]` holds a `Provider` whose read fails, which validation reports. The container never keeps an instance given to it, whatever the lifetime.
    /// Mark it `.root()` if the container's roots are declared, as nothing resolves it.
    ///
    /// ```swift
    /// container.register(ScreenViewController.self)
    ///     .injection { (controller: ScreenViewController, presenter: ScreenPresenter) in
    ///         controller.presenter = presenter
    ///     }
    /// container.register(ScreenPresenter.init)  // init(view: ScreenViewController)
    ///
    /// try container.inject(into: controller)     // controller.presenter.view === controller
    /// ```
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - type: The class whose instances are made elsewhere, or a protocol such classes adopt.
    /// - Returns: A builder that sets the component's injections, `postInit`, names and tags.
    @discardableResult public func register<T>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column, _ type: T.Type
    ) -> DIComponentBuilder<T> {
        let builder: DIComponentBuilder<T> = _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) {
            registration, owner in
            let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                throw context.errorOfCurrentComponent(.madeElsewhere, requested: T.self)
            }
            // The component gets its instances from `inject(into:)` whatever the lifetime says;
            // the registration keeps the lifetime declared (`registrations` lists it).
            var component = registration
            let strategy = GivenInstanceStrategy(name: registration.lifetime.description)
            component.lifetime = DIComponentLifetime(strategy: strategy)
            component.lifetimeState = nil
            return DIContainer._component(registration: &component, owner: owner, dependencies: [], factory: factory)
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
    /// The injections run in one resolve, in which `instance` is the component's
    /// `.objectGraph` instance: what they build and takes a `T` (directly, as a `Lazy` or as a
    /// `Provider`) gets `instance`. For a component registered with `register(_:)` of a type
    /// that holds whatever its lifetime; a component with a factory takes it only under
    /// `.objectGraph`, and under another lifetime answers as in any resolve.
    ///
    /// `T` is the type the registration names: for `register((any ScreenView).self)`, pass
    /// the instance as that protocol, `inject(into: view as any ScreenView)`.
    ///
    /// Called from a factory, it joins the resolve in progress, as any resolve there does: the
    /// injections run when that resolve ends, and the first instance given for a component is
    /// its instance for the rest of that resolve. To inject into several instances of one type
    /// there, each with its own injections done on return, call it inside
    /// ``DIContainer/detached(_:)`` (`InjectIntoObjectGraphTests.aFactoryInjectsIntoTwoInstancesDetached`).
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
    public func inject<T>(into instance: T, isolation: isolated (any Actor)? = #isolation) throws(DIError) {
        try withContext(callerIsolation: isolation) { (context) throws(DIError) in try context.inject(into: instance) }
    }
}

extension ResolutionContext {
    /// Schedules the injections of `T`'s component on `instance`, as for an instance it built,
    /// and shares `instance` as the component's instance within this resolve (what an
    /// `.objectGraph` strategy and ``GivenInstanceStrategy`` answer with), so that what the
    /// injections build gets it (`InjectIntoObjectGraphTests`).
    ///
    /// The registration is the one an unqualified request for `T` gets, by the resolver's own
    /// lookup and choice (``lookUp(_:requester:from:)``): several that nothing settles are
    /// `.ambiguous`, as for the request (`AwaitedMainActorActionsTests.injectIntoAnAmbiguousTypeIsAmbiguous`).
    mutating func inject<T>(into instance: T) throws(DIError) {
        let lookUp = Self.lookUp(Dependency(type: T.self), requester: nil, from: origin)
        if case .ambiguous(let remaining) = lookUp {
            throw error(.ambiguous(ComponentInfoList(remaining.map { $0.info })), requested: T.self)
        }
        guard case .found(let found) = lookUp, let component = found.first as? ComponentBox<T> else {
            let hint =
                "inject(into:) needs a registration of \(readableName(of: T.self)) as its own type, unnamed"
                + " (one made with `register(\(readableName(of: T.self)).self)`), and found none or several."
                + " For a registration of a protocol it adopts, pass it as that type: `inject(into: instance as any P)`."
            throw DIError(.notRegistered(qualifier: nil, hint: hint), requested: T.self, path: path)
        }
        guard component._hasInjections else { return }
        _ = share(component.erase(instance), for: component.registrationID)
        scheduleInjections(component.injections, into: instance, of: component)
    }
}
