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
    /// The component is identified by where this call is written (`file`, `line`, `column`):
    /// registering the same site again in this container replaces the earlier registration.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, each Parameter>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (repeat each Parameter) throws -> T
    ) -> DIComponentBuilder<T> {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        let dependencies = Dependency.recorded(by: repeat each getters)
        // NB: @inlinable so that this closure is compiled for the caller's concrete types: in
        // generic code, the parameter pack costs tuple and getter metadata look-ups per build.
        // Only the getters' closures are captured: copying a whole getter per build would
        // retain and release its recorded dependency too.
        let gets = (repeat (each getters).get)
        let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
            do {
                return try initializer(repeat try (each gets)(&context))
            } catch {
                throw context.factoryError(error, requested: T.self)
            }
        }
        let site = DIRegistrationSite.intern(file: file, line: line, column: column)
        return addRegistration(site: site, dependencies: dependencies, isolation: .nonisolated, factory: factory)
    }

    /// Makes the builder of a registration of `T` built by `factory`.
    ///
    /// This is the one path every `register` form takes. The registration is committed when
    /// the builder is released.
    @usableFromInline
    package func addRegistration<T>(
        site: DIRegistrationSite,
        dependencies: [Dependency],
        isolation: ComponentIsolation,
        factory: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> T,
        asyncFactory: (@Sendable (inout ResolutionContext) async throws(DIError) -> T)? = nil
    ) -> DIComponentBuilder<T> {
        let registration = Registration(
            id: Registration.makeID(),
            site: site,
            type: T.self,
            ownExposure: .own(T.self),
            attributes: RegistrationAttributes.current,
            initializerDependencies: dependencies,
            isolation: isolation,
            instantiate: { registration, owner in
                ComponentBox<T>(
                    registration: registration,
                    owner: owner,
                    factory: factory,
                    asyncFactory: asyncFactory,
                    injections: registration.injections.map { $0.typed as! Injection<T> })
            })
        return DIComponentBuilder(container: self, registration: registration)
    }
}

extension DIContainer {
    /// Adds a configured registration, replacing one from the same site.
    func commit(_ registration: consuming Registration) {
        var registration = registration
        editRegistry { registry in
            if let strategy = registration.lifetime.strategy {
                registration.lifetimeState = strategy.makeState(site: registration.site, container: self)
            }
            if registration.isolation != .nonisolated { registry.hasIsolatedComponents = true }
            registry.add(registration)
        }
    }
}
