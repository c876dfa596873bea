extension DIContainer {
    /// Registers an `async` initializer or factory; only an awaited resolve builds it.
    ///
    /// Its parameters are resolved like those of ``register(file:line:column:_:)``. Every
    /// lifetime applies: a cached component is built once even when many tasks ask at once.
    /// A factory isolated to a global actor other than the main actor registers this way too
    /// (`{ (db: Database) async in await Indexer(db: db) }`): the resolve awaits the hop.
    ///
    /// ```swift
    /// container.register { (config: Config) async throws in try await Session.open(config) }
    /// let session = try await container.resolve(Session.self)
    /// ```
    ///
    /// A synchronous resolve that needs this component fails with
    /// ``DIError/Code-swift.struct/requiresAsync``.
    @discardableResult
    public func register<T: Sendable, each Parameter: Sendable>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @Sendable (repeat each Parameter) async throws -> T
    ) -> DIComponentBuilder<T> {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        let dependencies = Dependency.recorded(by: repeat each getters)
        let asyncFactory: ComponentBox<T>.AsyncFactory = { (context) async throws(DIError) -> T in
            let arguments = (repeat try (each getters).get(&context))
            do {
                return try await initializer(repeat each arguments)
            } catch {
                throw context.factoryError(error, requested: T.self)
            }
        }
        let factory: ComponentBox<T>.Factory = { (context) throws(DIError) -> T in
            throw context.unpreparedError(
                .requiresAsync(
                    "its factory is async; resolve it with `try await container.resolveAsync(_:)` (in top-level code"
                        + " such as main.swift, Swift picks the synchronous `resolve(_:)` even after `await`)"), requested: T.self)
        }
        return addRegistration(
            file: file, line: line, column: column, dependencies: dependencies, isolation: .async, factory: factory,
            asyncFactory: asyncFactory)
    }

    /// Registers an initializer isolated to the main actor, such as a `@MainActor` view model's.
    ///
    /// Resolved on the main thread, it is built synchronously; an awaited resolve from
    /// anywhere else runs it on the main actor. A synchronous resolve off the main thread fails
    /// with ``DIError/Code-swift.struct/requiresAsync`` instead of blocking or racing. Its
    /// dependencies cross onto the main actor, so they must be `Sendable`.
    ///
    /// ```swift
    /// @MainActor final class ProfileModel { init(api: API) { ... } }
    /// container.register(ProfileModel.init)
    /// let model = try await container.resolve(ProfileModel.self)   // from any task
    /// ```
    @discardableResult
    public func register<T: Sendable, each Parameter: Sendable>(
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
    ) -> DIComponentBuilder<T> {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        let dependencies = Dependency.recorded(by: repeat each getters)
        let factory: ComponentBox<T>.Factory = { (context) throws(DIError) -> T in
            try context.requireMainActor(requested: T.self)
            let arguments = (repeat try (each getters).get(&context))
            return try context.onMainActor(requested: T.self) { try initializer(repeat each arguments) }
        }
        let asyncFactory: ComponentBox<T>.AsyncFactory = { (context) async throws(DIError) -> T in
            let arguments = (repeat try (each getters).get(&context))
            return try await context.onMainActor(requested: T.self) { try initializer(repeat each arguments) }
        }
        return addRegistration(
            file: file, line: line, column: column, dependencies: dependencies, isolation: .mainActor, factory: factory,
            asyncFactory: asyncFactory)
    }
}

extension ResolutionContext {
    /// Fails with `.requiresAsync` unless the resolve runs on the main actor: the one check
    /// before a main-actor factory, injection or `postInit` runs synchronously (guarded by
    /// `MainActorComponentTests` and `MainActorInjectionTests`).
    func requireMainActor(requested type: Any.Type) throws(DIError) {
        guard isOnMainActor || _isMainThread() else {
            throw unpreparedError(
                .requiresAsync("it is isolated to the main actor; resolve it on the main actor or with `try await`"),
                requested: type)
        }
    }

    /// What `body` returns, run on the main actor, where this resolve runs; what it throws is
    /// reported by ``factoryError(_:requested:)`` (a main-actor factory, injection or `postInit`).
    func onMainActor<R: Sendable>(requested type: Any.Type, _ body: @MainActor () throws -> R) throws(DIError) -> R {
        let result = MainActor.assumeIsolated { () -> Result<R, any Error> in Result { try body() } }
        return try result.mapError { factoryError($0, requested: type) }.get()
    }

    /// ``onMainActor(requested:_:)`` after a hop to the main actor, for an awaited resolve.
    func onMainActor<R: Sendable>(requested type: Any.Type, _ body: @MainActor @Sendable () throws -> R) async throws(DIError) -> R {
        let result = await MainActor.run { () -> Result<R, any Error> in Result { try body() } }
        return try result.mapError { factoryError($0, requested: type) }.get()
    }
}
