// Swinject's spellings on a container, declared unavailable so that the compiler answers each
// habit with the spelling to use here (see DIComponentBuilder+Migration.swift).

extension DIContainer {
    /// Swinject's `register(_:name:factory:)`; here, `register(_:)` of an initializer.
    ///
    /// - Parameters:
    ///   - serviceType: The type Swinject registers.
    ///   - name: Swinject's name.
    ///   - factory: Swinject's factory, taking a resolver and arguments.
    /// - Returns: A builder.
    @discardableResult
    @available(
        *, unavailable,
        message:
            "register the initializer here: register(Cat.init).as(Animal.self), its parameters resolved by type; .named(\"name\") names it; a factory that resolves by hand takes the container: register { (c: DIContainer) in Home(cat: try c.resolve(Cat.self)) }"
    )
    public func register<Service, each Argument>(
        _ serviceType: Service.Type,
        name: String? = nil,
        factory: @escaping (DIContainer, repeat each Argument) -> Service
    ) -> DIComponentBuilder<Service> { fatalError("unavailable") }

    /// Swinject's `resolve(_:argument:)`; here, `resolve(_:arguments:)`.
    ///
    /// - Parameters:
    ///   - serviceType: The type to resolve.
    ///   - argument: The argument.
    /// - Returns: Swinject's optional instance.
    @available(
        *, unavailable,
        message:
            "take an Argument<A> parameter in the factory and pass it with try resolve(_:arguments:), which throws DIError instead of returning nil"
    )
    public func resolve<Service, A>(_ serviceType: Service.Type, argument: A) -> Service? { fatalError("unavailable") }

    /// Swinject's `synchronize()`; not needed here.
    ///
    /// - Returns: The container.
    @available(*, unavailable, message: "not needed: every API of DIContainer is thread-safe; use the container itself")
    public func synchronize() -> DIContainer { fatalError("unavailable") }
}
