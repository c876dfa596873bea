/// Property injections and post-initialization actions isolated to the main actor, for
/// main-actor components (a `@MainActor` coordinator or view model).
///
/// Each runs on the main actor: inline when the resolve runs there, after a hop to the main
/// actor when the resolve is awaited from anywhere else. A synchronous resolve off the main
/// actor fails with ``DIError/Code-swift.struct/requiresAsync``, as it does for the main-actor
/// component itself.
extension DIComponentBuilder where T: AnyObject & Sendable {
    /// Injects a main-actor-isolated property after the component is created, resolving its
    /// value by type: the key-path form for a `@MainActor` class, written on the main actor.
    ///
    /// ```swift
    /// @MainActor final class Router { var coordinator: Coordinator?; init() {} }
    /// container.register(Router.init).injection(onMainActor: \.coordinator)
    /// ```
    ///
    /// Injections run at the end of the resolve that created the instance, which is how a
    /// cycle is closed (see the nonisolated `injection(_:)`). The label keeps a key path to a
    /// nonisolated property, written in main-actor code, on the nonisolated form.
    @MainActor
    @discardableResult public consuming func injection<Value: Sendable>(onMainActor keyPath: ReferenceWritableKeyPath<T, Value>) -> Self {
        // NB: a key path is immutable; it is not Sendable only because its property is isolated
        // to the main actor, and it is applied only on the main actor below.
        let path = unsafe UnsafeTransfer(keyPath)
        return injection { @MainActor (object: T, value: Value) in object[keyPath: path.value] = value }
    }

    /// Runs a main-actor closure after the component is created, with its other parameters
    /// resolved: how a `@MainActor` type closes a cycle.
    ///
    /// Write `@MainActor` in the closure: a closure without it is the nonisolated
    /// `injection(_:)`. Write `-> Void` too when the parameters have types: the Swift 5
    /// language mode reads `@MainActor (coordinator: Coordinator, ...)` without it as the
    /// attribute's arguments.
    ///
    /// ```swift
    /// container.register(Router.init).lifetime(.objectGraph)
    /// container.register(Coordinator.init)
    ///     .injection { @MainActor (coordinator: Coordinator, router: Router) -> Void in
    ///         coordinator.router = router
    ///     }
    /// ```
    ///
    /// The parameters cross onto the main actor when the resolve is awaited, so they are
    /// `Sendable` (a `@MainActor` class is).
    @discardableResult public consuming func injection<each Parameter: Sendable>(
        _ body: @escaping @MainActor @Sendable (T, repeat each Parameter) -> Void
    ) -> Self {
        inject(.property, .mainActor, onMainActor: body, async: body)
    }

    /// Runs a main-actor closure once the instance and every property injection of the
    /// resolve are complete, with its other parameters resolved.
    ///
    /// Write `@MainActor` in the closure. It runs once per instance created, as
    /// the nonisolated `postInit(_:)` does; an error it
    /// throws fails the resolve with ``DIError/Code-swift.struct/factoryFailed``.
    ///
    /// ```swift
    /// container.register(ProfileModel.init)
    ///     .postInit { @MainActor model in model.start() }
    /// ```
    @discardableResult public consuming func postInit<each Parameter: Sendable>(
        _ body: @escaping @MainActor @Sendable (T, repeat each Parameter) throws -> Void
    ) -> Self {
        inject(.postInit, .mainActor, onMainActor: body, async: body)
    }
}

/// Property injections and post-initialization actions on the main actor whose values are not
/// `Sendable`, for components whose instances stay on the main actor (see
/// ``DIContainer/register(file:line:column:onMainActor:)``).
extension DIComponentBuilder {
    /// Runs a main-actor closure after the component is created, with its other parameters
    /// resolved on the main actor: for a type or parameters that are not `Sendable`, such as
    /// an app's `@MainActor` protocols.
    ///
    /// Its component's instances then stay on the main actor: only a synchronous resolve on the
    /// main actor builds one or gets a kept one; any other request, an awaited one included,
    /// fails with ``DIError/Code-swift.struct/requiresMainActor``.
    ///
    /// ```swift
    /// container.register(onMainActor: { () -> any DialogService in AppDialogService() })
    ///     .injection(onMainActor: { (dialogs: any DialogService, vibro: any VibroService) in
    ///         dialogs.vibro = vibro
    ///     })
    /// ```
    @discardableResult public consuming func injection<each Parameter>(
        onMainActor body: @escaping @MainActor (T, repeat each Parameter) -> Void
    ) -> Self {
        inject(.property, .mainActorBound, onMainActor: body)
    }

    /// Runs a main-actor closure once the instance and every property injection of the
    /// resolve are complete, for a type or parameters that are not `Sendable`; its component's
    /// instances then stay on the main actor, as the closure form of `injection(onMainActor:)` says.
    ///
    /// An error it throws fails the resolve with ``DIError/Code-swift.struct/factoryFailed``.
    @discardableResult public consuming func postInit<each Parameter>(
        onMainActor body: @escaping @MainActor (T, repeat each Parameter) throws -> Void
    ) -> Self {
        inject(.postInit, .mainActorBound, onMainActor: body)
    }
}
