// Swinject's and DITranquillity's spellings on a builder, declared unavailable so that the
// compiler answers each habit with the spelling to use here. Unavailable declarations lose
// every overload resolution against an available one and are left out of code completion;
// `MigrationSpellingsTests` checks that the spellings of this library still compile beside them.

extension DIComponentBuilder {
    /// Swinject's `inObjectScope(_:)`; here, `lifetime(_:)`.
    ///
    /// - Parameter scope: A lifetime.
    /// - Returns: The builder.
    @discardableResult
    @available(
        *, unavailable,
        message:
            "Swinject's .inObjectScope(_:) is .lifetime(_:) here: .container is .perContainer(.strong), .graph is .objectGraph, .weak is .perContainer(.weak), .transient is the default .prototype"
    )
    public func inObjectScope(_ scope: DIComponentLifetime) -> Self { fatalError("unavailable") }

    /// Swinject's `initCompleted(_:)`; here, `injection(_:)` or `postInit(_:)`.
    ///
    /// - Parameter completed: The closure Swinject runs after the instance is made.
    /// - Returns: The builder.
    @discardableResult
    @available(
        *, unavailable,
        message:
            "Swinject's .initCompleted is .injection(\\.property) or .injection { (object: T, dependency: D) in ... } here (dependencies resolved by type, at the end of the resolve), or .postInit { object in ... } to run once every injection is done"
    )
    public func initCompleted(_ completed: @escaping (DIContainer, T) -> Void) -> Self { fatalError("unavailable") }

    /// DITranquillity's `test()`; here, `override()`.
    ///
    /// - Returns: The builder.
    @discardableResult
    @available(
        *, unavailable,
        message: "DITranquillity's .test() is .override() here: the component wins over every other component of its types in its container"
    )
    public func test() -> Self { fatalError("unavailable") }

    /// DITranquillity's `injection(cycle:_:)` with a key path; here, `injection(_:)`.
    ///
    /// - Parameters:
    ///   - cycle: Whether the injection breaks a cycle.
    ///   - keyPath: The property to inject.
    /// - Returns: The builder.
    @discardableResult
    @available(
        *, unavailable,
        message:
            "no cycle mark here: .injection(\\.property) closes a cycle when the component where the resolve starts has .objectGraph or a caching lifetime; validate() reports a cycle with no breaking point"
    )
    public func injection<Value>(cycle: Bool, _ keyPath: ReferenceWritableKeyPath<T, Value>) -> Self
    where T: AnyObject { fatalError("unavailable") }

    /// DITranquillity's `injection(cycle:_:)` with a closure; here, `injection(_:)`.
    ///
    /// - Parameters:
    ///   - cycle: Whether the injection breaks a cycle.
    ///   - body: The closure that sets the dependency.
    /// - Returns: The builder.
    @discardableResult
    @available(
        *, unavailable,
        message:
            "no cycle mark here: .injection { (object: T, dependency: D) in ... } closes a cycle when the component where the resolve starts has .objectGraph or a caching lifetime; validate() reports a cycle with no breaking point"
    )
    public func injection<Value>(cycle: Bool, _ body: @escaping (T, Value) -> Void) -> Self
    where T: AnyObject { fatalError("unavailable") }
}
