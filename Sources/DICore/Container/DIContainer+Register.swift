extension DIContainer {
    /// Registers an initializer or closure whose parameters are resolved from the container.
    ///
    /// Any arity works; each parameter is resolved by its type when the component is built.
    /// A parameter may also be `T?` (`nil` when nothing is registered), `[T]` (every
    /// component of `T`), `Lazy<T>`, `Provider<T>` or `Tagged<Tag, T>`. An error the
    /// closure throws is reported as ``DIError/Code-swift.struct/factoryFailed``.
    ///
    /// A parameter typed `DIContainer` receives the container resolving the component; a
    /// resolve called on it continues the resolve in progress (its path, its `.objectGraph`
    /// instances, its point of view), and the factory does not keep the container alive:
    ///
    /// ```swift
    /// container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, name: "prod")) }
    /// ```
    ///
    /// ```swift
    /// container.register(Cat.init)
    /// container.register { (cat: Cat, bowl: Bowl?) in Owner(cat: cat, bowl: bowl) }
    ///     .lifetime(.prototype)
    /// ```
    ///
    /// Every call adds a component; none replaces another. A component is identified by where
    /// this call is written (`file`, `line`, `column`), the type it registers and which
    /// registration of that type from this site in this container it is: a loop that
    /// registers three plugins adds three components, and the same line run for two
    /// containers is one component in both (one `.perRun` or `.single` instance).
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable @discardableResult public func register<T, each Parameter>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T
    ) -> DIComponentBuilder<T> {
        _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) {
            DIContainer._packComponent(&$0, $1, _Required<T>.self, initializer)
        }
    }

    /// Registers a factory that may find its component not available: returning `nil` means
    /// "not available", as if nothing were registered.
    ///
    /// A `T?` parameter or `let x: T? = container.resolve()` then gets `nil`, `[T]` leaves the
    /// component out, and a required `T` fails with ``DIError/Code-swift.struct/notRegistered``
    /// saying that the factory returned `nil`. Nothing is cached for a `nil`: the next request
    /// asks the factory again.
    ///
    /// ```swift
    /// container.register { (settings: Settings) -> Camera? in settings.hasCamera ? Camera() : nil }
    /// let camera: Camera? = container.resolve()
    /// ```
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable @discardableResult public func register<T, each Parameter>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T?
    ) -> DIComponentBuilder<T> {
        _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) {
            DIContainer._packComponent(&$0, $1, _IfAvailable<T>.self, initializer)
        }
    }

    /// The component of a parameter-pack registration, or of a fixed-arity one with a parameter
    /// not resolved as itself: each parameter resolved by its getter.
    // NB: @inlinable so that these closures are compiled for the caller's concrete types:
    // in generic code, the parameter pack costs tuple and getter metadata look-ups per
    // build. The registration keeps one closure (its context holds `initializer`); the
    // getters and the factory are made when a resolve first needs the component, so a
    // component never resolved costs no getter. Never inlined: a fixed-arity registration's
    // per-type first build then spans half the cache lines (a container of 1,000 types
    // misses the second-level cache on its first resolves); `FixedArityRegisterTests` runs it.
    @inlinable @inline(never) static func _packComponent<Rule: _FactoryRule, each Parameter>(
        _ registration: inout Registration, _ owner: DIContainer, _: Rule.Type,
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Rule.Result
    ) -> Component {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        // Only the getters' closures are captured: copying a whole getter per build would
        // retain and release its recorded dependency too.
        let gets = (repeat (each getters).get)
        let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> Rule.Instance in
            try Rule.build(&context) { context in try initializer(repeat try (each gets)(&context)) }
        }
        return _component(
            registration: &registration, owner: owner, dependencies: Dependency.recorded(by: repeat each getters), factory: factory)
    }

    /// The recorded dependencies of a fixed-arity registration whose `Parameter`s are all types
    /// resolved as themselves, shared for the process under `key`, their tuple's type (the
    /// parameter's type for one) in ``PlainDependencyLists``; `nil` when one has another shape,
    /// whose component is then the parameter-pack form's (``_packComponent(_:_:_:_:)``).
    // NB: the key is made by the caller, in code specialized for its types: a tuple's metadata
    // made here, not specialized, would be a run-time look-up per registration.
    @usableFromInline static func _plainDependencies<each Parameter>(of key: Any.Type, _: repeat (each Parameter).Type) -> [Dependency]? {
        PlainDependencyLists._list(of: key) { () -> [Dependency]? in
            let getters = (repeat DependencyGetter<each Parameter>.make())
            for getter in repeat each getters { guard getter.storedGet == nil else { return nil } }
            return Dependency.recorded(by: repeat each getters)
        }
    }

    /// Makes the builder of a registration of `T` whose component `instantiate` makes.
    ///
    /// This is the one path every `register` form takes. It takes the call's `#fileID`, line
    /// and column as given, not an interned ``DIRegistrationSite``: the registry finds the
    /// component's identity from them in one look-up (see ``Registry/begin``). The
    /// registration is committed when the builder is released; `instantiate` runs, under the
    /// container's lock, when a resolve (or validation) first needs the component.
    @usableFromInline func _addRegistration<T>(
        file: StaticString,
        line: UInt,
        column: UInt,
        isolation: ComponentIsolation,
        instantiate: @escaping @Sendable (inout Registration, DIContainer) -> Component
    ) -> DIComponentBuilder<T> {
        let id = Registration.makeID()
        let identity = withRegistry {
            $0.begin(registrationID: id, file: file, line: line, column: column, type: T.self)
        }
        // Made in place in its draft: a registration handed from one initializer to another,
        // or assigned to the draft's optional, would be copied or moved field by field.
        let draft = RegistrationDraft(
            container: self, id: id, identity: identity, details: RegistrationAttributes.scope?.details,
            isolation: isolation, instantiate: instantiate)
        return DIComponentBuilder(draft: draft)
    }

    /// The component of `registration`, built by `factory` from resolved `dependencies`.
    // NB: @inlinable so that the usual component, without injections, is allocated in code
    // specialized for `T`, which reaches `ComponentBox<T>`'s metadata through a cached accessor;
    // unspecialized, each component made would look it up at run time (and `[Injection<T>]`'s).
    @inlinable static func _component<T>(
        registration: inout Registration,
        owner: DIContainer,
        dependencies: [Dependency],
        factory: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> T,
        asyncFactory: (@Sendable (inout ResolutionContext) async throws(DIError) -> T)? = nil
    ) -> Component {
        guard registration._hasInjections else {
            return ComponentBox<T>.make(
                registration: &registration, owner: owner, dependencies: dependencies, factory: factory,
                asyncFactory: asyncFactory, injections: [], isReferenceType: T.self is AnyObject.Type)
        }
        return _componentWithInjections(
            registration: registration, owner: owner, dependencies: dependencies, factory: factory,
            asyncFactory: asyncFactory)
    }

    /// The component of a registration with property injections or post-initialization
    /// actions; out of line, as it is rare.
    @usableFromInline static func _componentWithInjections<T>(
        registration: Registration,
        owner: DIContainer,
        dependencies: [Dependency],
        factory: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> T,
        asyncFactory: (@Sendable (inout ResolutionContext) async throws(DIError) -> T)?
    ) -> Component {
        var registration = registration
        let injections = registration.injections.map { $0 as! Injection<T> }
        let build = factory
        var factory = factory
        var asyncFactory = asyncFactory
        if registration.attributes[ObjectIdentifier(MadeElsewhere.self)] != nil {
            // A class made outside the container: its factory fails `.madeElsewhere` before any
            // action could run, whatever the actions' isolation, so every door (and `[T]`, which
            // leaves it out) answers as for one without actions
            // (`DifferentialKnownIssueTests.anArrayLeavesOutAComponentMadeElsewhereWithAnAsyncPostInit`).
            asyncFactory = nil
        } else if registration.injections.contains(where: { $0.isolation == .async }) {
            // An async injection, which only an awaited resolve runs: the synchronous resolve
            // refuses before building, and the awaited one builds it ahead, as an async component.
            factory = { (context) throws(DIError) -> T in
                throw context.unpreparedError(
                    .requiresAsync("it has an async property injection or postInit; resolve it with `try await`"),
                    requested: T.self)
            }
            if asyncFactory == nil { asyncFactory = { (context) async throws(DIError) -> T in try build(&context) } }
        } else if registration.isolation == .mainActor && asyncFactory == nil {
            // A nonisolated factory whose instance has a main-actor action: the synchronous
            // door builds it only where the action can run, so an instance whose action
            // cannot run is never made, kept, or handed to a waiter
            // (`AwaitedMainActorActionsTests.aSynchronousResolveOffTheMainActorHandsOutNoIncompleteInstance`).
            // An awaited resolve's preparation builds it anywhere; its actions hop.
            factory = { (context) throws(DIError) -> T in
                try context.requireMainActor(requested: T.self)
                return try build(&context)
            }
            asyncFactory = { (context) async throws(DIError) -> T in try build(&context) }
        }
        return ComponentBox<T>.make(
            registration: &registration, owner: owner, dependencies: dependencies, factory: factory,
            asyncFactory: asyncFactory, injections: injections, isReferenceType: T.self is AnyObject.Type)
    }
}

extension DIContainer {
    /// Why a resolve of `type` may have missed: builders of it that are still held (in a
    /// variable), so their registrations are not committed yet; `nil` if there are none.
    ///
    /// Looks in this container and its upstream chain. Called only when a resolve fails.
    func pendingBuilderHint(for type: Any.Type) -> String? {
        var sites: [DIRegistrationSite] = []
        for container in chain {
            container.withRegistry { registry in
                for pending in registry.pending.all where pending.type == type { sites.append(pending.site) }
            }
        }
        guard !sites.isEmpty else { return nil }
        let list = sites.map(\.description).sorted().joined(separator: ", ")
        return "A builder of it registered at \(list) is still held, and a registration takes effect only"
            + " when its builder is released: finish the configuration in one statement, or let the"
            + " builder go (end its scope, or set the variable to nil) before resolving."
    }

    /// Adds the configured registration of `draft` as a new component, moving it out of the
    /// draft (a copy would retain and release each of its references).
    func commit(_ draft: RegistrationDraft) {
        // No description made per registration when nothing observes.
        let info = _slowPath(isObserved.load(ordering: .relaxed)) ? unsafe draft.registration!.info : nil
        editRegistry { registry in
            registry.add(draft)
            if registry.hasIsolatedComponents { hasIsolatedComponents.store(true, ordering: .releasing) }
        }
        if let info { notifyObservers { $0.container(self, didRegister: info) } }
    }
}
