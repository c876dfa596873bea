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
    @discardableResult public func register<T: Sendable, each Parameter: Sendable>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ initializer: @escaping @Sendable (repeat each Parameter) async throws -> T
    ) -> DIComponentBuilder<T> {
        addIsolated(file, line, column, .async, async: initializer)
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
    @discardableResult public func register<T: Sendable, each Parameter: Sendable>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        _ initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
    ) -> DIComponentBuilder<T> {
        addIsolated(file, line, column, .mainActor, onMainActor: initializer, async: initializer)
    }

    /// The builder of a registration of `T`, isolated as `isolation`, whose factory runs
    /// `initializer` on the main actor, where the resolve must run, and whose awaited factory
    /// runs `asyncInitializer` (a main-actor initializer converted to it hops to the main actor),
    /// each on the parameters it resolves; without `initializer`, only an awaited resolve builds it.
    private func addIsolated<T, each Parameter>(
        _ file: StaticString, _ line: UInt, _ column: UInt, _ isolation: ComponentIsolation,
        onMainActor initializer: (@MainActor (repeat each Parameter) throws -> T)? = nil,
        async asyncInitializer: (@Sendable (repeat each Parameter) async throws -> T)? = nil
    ) -> DIComponentBuilder<T> {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        let factory: ComponentBox<T>.Factory
        if let initializer {
            factory = { (context) throws(DIError) -> T in
                try context.requireMainActor(requested: T.self, staying: isolation == .mainActorBound)
                // NB: UnsafeTransfer: the arguments are resolved and used on the main thread,
                // which this resolve runs on (checked above).
                let arguments = unsafe UnsafeTransfer((repeat try (each getters).get(&context)))
                return try context.onMainActor(requested: T.self) { try initializer(repeat each arguments.value) }
            }
        } else {
            factory = { (context) throws(DIError) -> T in
                throw context.unpreparedError(
                    .requiresAsync(
                        "its factory is async; resolve it with `try await container.resolveAsync(_:)` (in top-level code"
                            + " such as main.swift, Swift picks the synchronous `resolve(_:)` even after `await`)"), requested: T.self)
            }
        }
        let asyncFactory: ComponentBox<T>.AsyncFactory?
        if let initializer = asyncInitializer {
            asyncFactory = { (context) async throws(DIError) -> T in
                let arguments = (repeat try (each getters).get(&context))
                do { return try await initializer(repeat each arguments) } catch { throw context.factoryError(error, requested: T.self) }
            }
        } else {
            asyncFactory = nil
        }
        let dependencies = Dependency.recorded(by: repeat each getters)
        return _addRegistration(file: file, line: line, column: column, isolation: isolation) { registration, owner in
            Self._component(
                registration: &registration, owner: owner, dependencies: dependencies, factory: factory, asyncFactory: asyncFactory)
        }
    }
}

extension DIContainer {
    /// Registers a main-actor initializer or factory whose instance or parameters are not
    /// `Sendable`, such as an app's `@MainActor protocol DialogService: AnyObject`: its
    /// instances and dependencies stay on the main actor.
    ///
    /// Only a synchronous resolve on the main actor builds it or gets a kept one: from
    /// main-actor code, or as a dependency of a component such a resolve builds. Its
    /// dependencies are resolved there too, so they need not be `Sendable`. Any other request,
    /// an awaited one included (it hands what it builds across actors), fails with
    /// ``DIError/Code-swift.struct/requiresMainActor`` before anything is built.
    ///
    /// ```swift
    /// @MainActor protocol DialogService: AnyObject { func show(_ text: String) }
    /// container.register(onMainActor: { (vibro: any VibroService) -> any DialogService in
    ///     AppDialogService(vibro: vibro)
    /// })
    /// @MainActor func present() throws {
    ///     let dialogs: any DialogService = container.resolve()
    /// }
    /// ```
    ///
    /// A `Sendable` type registers with `register { @MainActor ... }`, whose instances an
    /// awaited resolve hands to any task. The label tells the two apart: Swift chooses an
    /// overload before it checks `Sendable`, so an unlabeled closure always meets the
    /// `Sendable` form.
    @discardableResult public func register<T, each Parameter>(
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
        onMainActor initializer: @escaping @MainActor (repeat each Parameter) throws -> T
    ) -> DIComponentBuilder<T> {
        addIsolated(file, line, column, .mainActorBound, onMainActor: initializer)
    }
}

extension ResolutionContext {
    /// The same check before a kept instance of `component` is handed out, the component not
    /// on the path yet.
    @usableFromInline func requireMainActorBound(_ component: Component) throws(DIError) {
        guard isOnMainActor || _isMainThread() else {
            throw error(.requiresMainActor(component: component.info), requested: component.type)
        }
    }

    /// What `body` returns, run on the main actor, where this resolve runs (checked by
    /// ``requireMainActor(requested:staying:)``): the value is made and used there.
    ///
    /// What it throws is reported by ``factoryError(_:requested:)`` (a main-actor factory,
    /// injection or `postInit`).
    func onMainActor<R>(requested type: Any.Type, _ body: @MainActor () throws -> R) throws(DIError) -> R {
        // NB: UnsafeTransfer: the body and its result cross between this resolve's code and
        // the main actor's without leaving the main thread, which this resolve runs on (the
        // caller checked `requireMainActor(requested:staying:)`); `assumeIsolated` traps otherwise.
        let result = MainActor.assumeIsolated { () -> UnsafeTransfer<Result<R, any Error>> in unsafe UnsafeTransfer(Result { try body() }) }
        return try result.value.mapError { factoryError($0, requested: type) }.get()
    }

    /// Fails unless the resolve runs on the main actor: the one check before a main-actor
    /// factory, injection or `postInit` runs synchronously, with `.requiresAsync` (guarded by
    /// `MainActorComponentTests` and `MainActorInjectionTests`), and before a component whose
    /// instances stay on the main actor (`staying`) is built or handed out, with
    /// `.requiresMainActor` (guarded by `MainActorBoundTests`).
    func requireMainActor(requested type: Any.Type, staying: Bool = false) throws(DIError) {
        guard isOnMainActor || _isMainThread() else {
            let why = "it is isolated to the main actor; resolve it on the main actor or with `try await`"
            throw unpreparedError(staying ? .requiresMainActor() : .requiresAsync(why), requested: type)
        }
    }
}
