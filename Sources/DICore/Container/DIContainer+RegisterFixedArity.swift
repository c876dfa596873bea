// NB: fixed-arity forms beside the parameter-pack ones in DIContainer+Register.swift, for
// speed only: Swift does not specialize the elements of a parameter pack, so a pack-registered
// factory resolves each parameter in unspecialized generic code. These resolve a parameter
// of a plain type inline, compiled for its type (see `_InlineParameter`). When every parameter
// is such a type (the usual registration), the factory captures only the initializer: for a
// function reference such as `Service.init` the optimizer then needs no context for it, and a
// first resolve allocates none (a context of the initializer and the parameters' getters was
// 48 to 80 bytes per component, kept for the container's life). Overload ranking
// prefers a form without a pack, and each arity has both the `-> T` and the `-> T?` form, so
// a call picks the same kind of form as before (`-> T?` still means "not available"); async
// and main-actor closures do not convert to these and keep their forms. Everything else is
// the pack form's: the same getters (every parameter shape), the same recorded dependencies,
// the same error wrapping, the same lazy `_addRegistration`. `FixedArityRegisterTests` checks
// that both kinds of form behave alike. The forms without parameters are there for no speed
// (an empty pack costs nothing): they keep `register(Cat.init)` an ambiguity error, as it was,
// when `Cat` has both `init()` and `init(bowl:)`, rather than silently taking `init(bowl:)`.
//
// NB: the parameters are `__owned` (the convention only, not `consuming`, which would forbid
// implicit copies in the closure's body): an initializer takes its arguments owned, so
// `Cat.init` passed here needs no retain of each argument and the factory no release of what
// it resolved. A closure literal adopts the convention, a function value is converted; the
// overloads chosen are the same (ranking ignores ownership).
extension DIContainer {
    /// Registers an initializer or closure without parameters.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T` (see it),
    /// for no parameters.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable () throws -> T
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                try context._build { context in try initializer() }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: [], factory: factory)
        }
    }

    /// Registers a factory without parameters that may find its component not available:
    /// returning `nil` means "not available", as if nothing were registered.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T?` (see it),
    /// for no parameters.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable () throws -> T?
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                try context._buildIfAvailable { context in try initializer() }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: [], factory: factory)
        }
    }

    /// Registers an initializer or closure of one parameter resolved from the container.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1) throws -> T
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in try initializer(try context.resolve(P1.self)) }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in try initializer(try p1.value(in: &context)) }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: Dependency._recorded(byOne: getter1), factory: factory)
        }
    }

    /// Registers a factory of one parameter that may find its component not available:
    /// returning `nil` means "not available", as if nothing were registered.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T?` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1) throws -> T?
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in try initializer(try context.resolve(P1.self)) }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in try initializer(try p1.value(in: &context)) }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: Dependency._recorded(byOne: getter1), factory: factory)
        }
    }

    /// Registers an initializer or closure of two parameters resolved from the container.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2) throws -> T
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in try initializer(try context.resolve(P1.self), try context.resolve(P2.self)) }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in try initializer(try p1.value(in: &context), try p2.value(in: &context)) }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: [getter1.dependency, getter2.dependency], factory: factory)
        }
    }

    /// Registers a factory of two parameters that may find its component not available:
    /// returning `nil` means "not available", as if nothing were registered.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T?` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2) throws -> T?
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in try initializer(try context.resolve(P1.self), try context.resolve(P2.self)) }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in try initializer(try p1.value(in: &context), try p2.value(in: &context)) }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner, dependencies: [getter1.dependency, getter2.dependency], factory: factory)
        }
    }

    /// Registers an initializer or closure of three parameters resolved from the container.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2, P3>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2, __owned P3) throws -> T
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let getter3 = DependencyGetter<P3>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself && getter3._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in
                        try initializer(try context.resolve(P1.self), try context.resolve(P2.self), try context.resolve(P3.self))
                    }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                let p3 = _InlineParameter(getter3)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in
                        try initializer(try p1.value(in: &context), try p2.value(in: &context), try p3.value(in: &context))
                    }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner,
                dependencies: [getter1.dependency, getter2.dependency, getter3.dependency], factory: factory)
        }
    }

    /// Registers a factory of three parameters that may find its component not available:
    /// returning `nil` means "not available", as if nothing were registered.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T?` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2, P3>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2, __owned P3) throws -> T?
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let getter3 = DependencyGetter<P3>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself && getter3._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in
                        try initializer(try context.resolve(P1.self), try context.resolve(P2.self), try context.resolve(P3.self))
                    }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                let p3 = _InlineParameter(getter3)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in
                        try initializer(try p1.value(in: &context), try p2.value(in: &context), try p3.value(in: &context))
                    }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner,
                dependencies: [getter1.dependency, getter2.dependency, getter3.dependency], factory: factory)
        }
    }

    /// Registers an initializer or closure of four parameters resolved from the container.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2, P3, P4>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2, __owned P3, __owned P4) throws -> T
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let getter3 = DependencyGetter<P3>.make()
            let getter4 = DependencyGetter<P4>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself && getter3._resolvesItself && getter4._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in
                        try initializer(
                            try context.resolve(P1.self), try context.resolve(P2.self), try context.resolve(P3.self),
                            try context.resolve(P4.self))
                    }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                let p3 = _InlineParameter(getter3)
                let p4 = _InlineParameter(getter4)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._build { context in
                        try initializer(
                            try p1.value(in: &context), try p2.value(in: &context), try p3.value(in: &context), try p4.value(in: &context))
                    }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner,
                dependencies: [getter1.dependency, getter2.dependency, getter3.dependency, getter4.dependency], factory: factory)
        }
    }

    /// Registers a factory of four parameters that may find its component not available:
    /// returning `nil` means "not available", as if nothing were registered.
    ///
    /// The same as the parameter-pack form `register(_:)` taking a closure `-> T?` (see it),
    /// for this arity, compiled for the parameters' types.
    ///
    /// - Parameters:
    ///   - file: The registration site's file; leave the default.
    ///   - line: The registration site's line; leave the default.
    ///   - column: The registration site's column; leave the default.
    ///   - initializer: Builds an instance from its resolved parameters, or returns `nil`.
    /// - Returns: A builder that sets the component's lifetime, other types, name and injections.
    @inlinable
    @discardableResult
    public func register<T, P1, P2, P3, P4>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (__owned P1, __owned P2, __owned P3, __owned P4) throws -> T?
    ) -> DIComponentBuilder<T> {
        return _addRegistration(file: file, line: line, column: column, isolation: .nonisolated) { registration, owner in
            let getter1 = DependencyGetter<P1>.make()
            let getter2 = DependencyGetter<P2>.make()
            let getter3 = DependencyGetter<P3>.make()
            let getter4 = DependencyGetter<P4>.make()
            let factory: @Sendable (inout ResolutionContext) throws(DIError) -> T
            if getter1._resolvesItself && getter2._resolvesItself && getter3._resolvesItself && getter4._resolvesItself {
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in
                        try initializer(
                            try context.resolve(P1.self), try context.resolve(P2.self), try context.resolve(P3.self),
                            try context.resolve(P4.self))
                    }
                }
            } else {
                let p1 = _InlineParameter(getter1)
                let p2 = _InlineParameter(getter2)
                let p3 = _InlineParameter(getter3)
                let p4 = _InlineParameter(getter4)
                factory = { @Sendable (context: inout ResolutionContext) throws(DIError) -> T in
                    try context._buildIfAvailable { context in
                        try initializer(
                            try p1.value(in: &context), try p2.value(in: &context), try p3.value(in: &context), try p4.value(in: &context))
                    }
                }
            }
            return DIContainer._component(
                registration: &registration, owner: owner,
                dependencies: [getter1.dependency, getter2.dependency, getter3.dependency, getter4.dependency], factory: factory)
        }
    }
}
