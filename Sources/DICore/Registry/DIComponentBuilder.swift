/// Configures a registered component: its lifetime, the other types it is exposed as, its
/// name or tag, whether it is the default, and the properties injected after creation.
///
/// Every method returns the builder, so calls chain:
///
/// ```swift
/// container.register(SQLiteStore.init)
///     .as(Store.self)
///     .default()
///     .lifetime(.prototype)
/// ```
///
/// The registration takes effect, complete, when the builder is released: at the end of the
/// statement for the usual chained form. A resolve running on another thread at the same time
/// therefore never sees a half-configured component (say, not yet named, and so ambiguous).
/// Copies of a builder configure the same registration, which takes effect when the last copy
/// is released.
public struct DIComponentBuilder<T> {
    private let draft: RegistrationDraft

    init(draft: RegistrationDraft) {
        self.draft = draft
    }

    private consuming func edit(_ change: (inout Registration) -> Void) -> Self {
        unsafe change(&draft.registration!)
        return self
    }

    /// Attaches `value` to the registration, under its type (read with `Component.attribute`).
    consuming func attributed<Value: Sendable>(_ value: Value) -> Self {
        edit { $0.attributes[ObjectIdentifier(Value.self)] = value }
    }

    /// Sets how long instances live; `.prototype` unless set.
    ///
    /// - Parameter lifetime: `.prototype`, or a lifetime another module provides, such as
    ///   `.perContainer(.strong)` from `DILifetime`.
    @discardableResult public consuming func lifetime(_ lifetime: __owned DIComponentLifetime) -> Self {
        // The lifetime's state is made here, where the lifetime is at hand: a registration left
        // `.prototype` then costs no look at its lifetime when it is committed.
        draft.setLifetime(lifetime)
        return self
    }

    /// Also exposes the component as `type`, typically a protocol it conforms to.
    ///
    /// Call it once per type. A request for `type` then finds this component; if the instance
    /// does not conform, that request fails with ``DIError/Code-swift.struct/typeMismatch``,
    /// naming this registration. Swift cannot check a conformance to a protocol given as a
    /// generic parameter, neither here nor in validation (which never builds an instance):
    /// write ``as(_:_:)`` with `{ $0 }` to have the compiler check it. An exposure as a class
    /// the type can never be (a value type, an unrelated class) is reported by validation.
    ///
    /// - Parameter type: The other type, such as a protocol the component conforms to.
    /// - Returns: The builder.
    @inlinable @discardableResult public consuming func `as`<Other>(_ type: Other.Type) -> Self {
        // NB: inlinable, so the conversions are compiled for the caller's types (where the cast
        // needs no run-time conformance look-up); the rest of the registration is not.
        typealias Conversion = ExposureConversion<T, Other>
        let conversion = Conversion(
            bind: { box in { (context) throws(DIError) -> Other in try Conversion.checked(box, &context) } },
            cached: { component in Conversion.checked(keptBy: component) })
        return _expose(conversion, checked: true)
    }

    /// Also exposes the component as `type`, converting the instance with `convert`: the
    /// compiler checks the conversion.
    ///
    /// ```swift
    /// container.register(FileStorage.init)
    ///     .as(Storage.self) { $0 }      // does not compile unless FileStorage is a Storage
    /// ```
    ///
    /// - Parameters:
    ///   - type: The other type, such as a protocol the component conforms to.
    ///   - convert: Turns an instance into the other type; `{ $0 }` for a conformance.
    /// - Returns: The builder.
    @inlinable
    @discardableResult public consuming func `as`<Other>(_ type: Other.Type, _ convert: @escaping @Sendable (T) -> Other) -> Self {
        // NB: inlinable, as `as(_:)`.
        typealias Conversion = ExposureConversion<T, Other>
        let conversion = Conversion(
            bind: { box in { (context) throws(DIError) -> Other in convert(try box.instance(in: &context)) } },
            cached: { component in Conversion.kept(by: component).map(convert) })
        return _expose(conversion, checked: false)
    }

    /// Exposes the component as `Other` through `conversion`, made by `as(_:)` (`checked`: the
    /// conversion is a cast) or `as(_:_:)`.
    @usableFromInline consuming func _expose<Other>(_ conversion: ExposureConversion<T, Other>, checked: Bool) -> Self {
        guard Other.self != T.self else { return self }
        var exposure = Exposure(from: T.self, to: Other.self, conversion)
        // A class `Other` that `T` neither inherits from nor is inherited by: no instance fits.
        // (A conformance to a protocol cannot be checked without an instance.)
        if checked {
            exposure.isImpossible = Other.self is AnyObject.Type && !(T.self is Other.Type) && !(Other.self is T.Type)
        }
        return edit { registration in
            guard !registration.exposedTypes.contains(where: { $0.type == exposure.type }) else { return }
            registration.editedDetails().exposedTypes = registration.exposedTypes + [exposure]
        }
    }

    /// Gives the component a name; only requests for that name find it (and `[T]`, which
    /// finds every component).
    ///
    /// A component may have several names and tags: each finds it.
    @discardableResult public consuming func named(_ name: String) -> Self {
        edit { $0.addQualifier(.name(name)) }
    }

    /// Gives the component the name `Key.name`, the form ``Named`` parameters ask for.
    ///
    /// ```swift
    /// enum Primary: DIName { static let name = "primary" }
    /// container.register { Database(url: "primary") }.named(Primary.self)
    /// ```
    ///
    /// - Parameter key: The name's type.
    /// - Returns: The builder.
    @discardableResult public consuming func named<Key: DIName>(_ key: Key.Type) -> Self {
        named(Key.name)
    }

    /// Gives the component a tag type; only requests for that tag find it, such as a
    /// `Tagged<Tag, T>` parameter (and `[T]`, which finds every component).
    ///
    /// A component may have several names and tags: each finds it.
    @discardableResult public consuming func tagged<Tag>(_ tag: Tag.Type) -> Self {
        edit { $0.addQualifier(Qualifier(tag: tag)) }
    }

    /// Makes this the component chosen when several fit a request.
    @discardableResult public consuming func `default`() -> Self {
        edit { $0.editedDetails().isDefault = true }
    }

    /// Makes this component win over every other candidate of its types in this container,
    /// default or not: how a test swaps in a mock without making the request ambiguous.
    ///
    /// ```swift
    /// let container = makeAppContainer()                  // registers LivePayments as Payments
    /// container.register(MockPayments.init)
    ///     .as(Payments.self)
    ///     .override()                                      // every Payments request gets the mock
    /// ```
    ///
    /// It decides requests this component answers (its own type and the types it is exposed
    /// as, with its names and tags); `[T]` still lists every component. Two overriding
    /// components of one type in one container are ambiguous again. In a hierarchy the
    /// nearest container with a fitting component answers, as always: override in the
    /// container the resolve starts from, or in the one holding the component to replace.
    ///
    /// - Returns: The builder.
    @discardableResult public consuming func override() -> Self {
        edit { $0.editedDetails().isOverride = true }
    }

    /// Marks the component as one the application resolves at the top of a graph (a screen,
    /// an app delegate's service), for validation.
    ///
    /// Once any component of a container is a root, ``DIContainer/validate()`` warns about every
    /// component of that container that no root reaches (through initializer parameters,
    /// properties, `Lazy`, `Provider` or `[T]`): a registration nothing uses, or a root not marked.
    ///
    /// ```swift
    /// container.register(AppCoordinator.init).root()
    /// ```
    @discardableResult public consuming func root() -> Self {
        edit { $0.editedDetails().isRoot = true }
    }

    /// Says that longer-lived components may keep this component's instances: validation
    /// then reports no captive dependency on it.
    ///
    /// Validation reports a component kept by a longer-lived one: an error for an instance
    /// meant to be shared more narrowly (`.objectGraph`, `.perContainer` kept by `.single` or
    /// `.perRun`, a custom scope's), a warning for a `.prototype`. A stateless client made
    /// per request is usually fine to keep; say so once, on it, rather than on every holder:
    ///
    /// ```swift
    /// container.register(HTTPClient.init).allowsCapture()     // stateless: any holder may keep one
    /// container.register(Repository.init).lifetime(.perContainer(.strong))
    /// ```
    ///
    /// It changes nothing at resolve time.
    @discardableResult public consuming func allowsCapture() -> Self {
        edit { $0.editedDetails().allowsCapture = true }
    }

    /// Injects a property after the component is created, resolving its value by type.
    ///
    /// Injections run at the end of the resolve that created the instance, once the graph
    /// exists, which is how a cycle is closed: `A` takes `B` in its initializer and `B`
    /// gets `A` through a property. A property of optional type is set to `nil` when
    /// nothing is registered.
    ///
    /// ```swift
    /// container.register(Child.init).injection(\.parent)
    /// ```
    ///
    /// `T` may be a class or a class-bound protocol (`protocol Service: AnyObject`), whose
    /// instance is the reference the injection changes; a value type's injection cannot change
    /// it, and the compiler says so (`ProtocolInjectionTests`).
    @discardableResult public consuming func injection<Value>(_ keyPath: ReferenceWritableKeyPath<T, Value> & Sendable) -> Self {
        inject(.property, .nonisolated) { (object: T, value: Value) in object[keyPath: keyPath] = value }
    }

    /// Runs a closure after the component is created, with its other parameters resolved.
    ///
    /// ```swift
    /// container.register(Child.init).injection { (child: Child, parent: Parent) in
    ///     child.parent = parent
    /// }
    /// ```
    @discardableResult public consuming func injection<each Parameter>(
        _ body: @escaping @Sendable (T, repeat each Parameter) -> Void
    ) -> Self {
        inject(.property, .nonisolated, body)
    }

    /// Runs an async closure after the component is created, with its other parameters
    /// resolved: an async property injection.
    ///
    /// Only the awaited resolve (`try await container.resolve(_:)`) runs it; a synchronous
    /// resolve of the component fails with ``DIError/Code-swift.struct/requiresAsync`` before
    /// anything is built.
    ///
    /// ```swift
    /// container.register(Feed.init).injection { (feed: Feed, api: API) async in
    ///     await feed.attach(api)
    /// }
    /// ```
    @discardableResult public consuming func injection<each Parameter>(
        _ body: @escaping @Sendable (T, repeat each Parameter) async -> Void
    ) -> Self {
        inject(.property, .async, async: body)
    }

    /// Runs a closure once the instance and every property injection of the resolve are
    /// complete, with its other parameters resolved.
    ///
    /// It runs once per instance created, after all the property injections of the resolve
    /// that created it, so inside a cycle it sees the cycle closed. An error it throws fails
    /// the resolve with ``DIError/Code-swift.struct/factoryFailed``.
    ///
    /// ```swift
    /// container.register(Parent.init).lifetime(.objectGraph)
    ///     .postInit { parent in parent.start() }     // parent.child.parent is set by now
    /// ```
    @discardableResult public consuming func postInit<each Parameter>(
        _ body: @escaping @Sendable (T, repeat each Parameter) throws -> Void
    ) -> Self {
        inject(.postInit, .nonisolated, body)
    }

    /// Runs an async closure once the instance and every property injection of the resolve
    /// are complete, with its other parameters resolved.
    ///
    /// Only the awaited resolve runs it; a synchronous resolve of the component fails with
    /// ``DIError/Code-swift.struct/requiresAsync`` before anything is built.
    ///
    /// ```swift
    /// container.register(Store.init).postInit { store async throws in try await store.load() }
    /// ```
    @discardableResult public consuming func postInit<each Parameter>(
        _ body: @escaping @Sendable (T, repeat each Parameter) async throws -> Void
    ) -> Self {
        inject(.postInit, .async, async: body)
    }

    /// Adds an injection at `stage`, isolated as `isolation`, that runs on the instance and its
    /// resolved parameters `body` (nonisolated), `mainActorBody` (on the main actor, where the
    /// resolve must run) or `asyncBody` (which only an awaited resolve runs; a main-actor body
    /// converted to it hops to the main actor); an error any of them throws fails the resolve
    /// with `factoryFailed`.
    consuming func inject<each Parameter>(
        _ stage: InjectionStage, _ isolation: ComponentIsolation,
        _ body: (@Sendable (T, repeat each Parameter) throws -> Void)? = nil,
        onMainActor mainActorBody: (@MainActor (T, repeat each Parameter) throws -> Void)? = nil,
        async asyncBody: (@Sendable (T, repeat each Parameter) async throws -> Void)? = nil
    ) -> Self {
        let getters = (repeat DependencyGetter<each Parameter>.make())
        var injection = Injection<T>(stage: stage, isolation: isolation, getters: repeat each getters)
        if let body {
            injection.apply = { (object, context) throws(DIError) in
                let arguments = (repeat try (each getters).get(&context))
                do {
                    try body(object, repeat each arguments)
                } catch {
                    throw context.factoryError(error, requested: T.self)
                }
            }
        }
        if let body = mainActorBody {
            injection.apply = { (object, context) throws(DIError) in
                try context.requireMainActor(requested: T.self, staying: isolation == .mainActorBound)
                // NB: UnsafeTransfer: the instance and the arguments are used on the main
                // thread, which this resolve runs on (checked above).
                let values = unsafe UnsafeTransfer((object, (repeat try (each getters).get(&context))))
                try context.onMainActor(requested: T.self) { try body(values.value.0, repeat each values.value.1) }
            }
        }
        if let body = asyncBody {
            injection.applyAsync = { (object, context) async throws(DIError) in
                let arguments = (repeat try (each getters).get(&context))
                do {
                    try await body(object, repeat each arguments)
                } catch {
                    throw context.factoryError(error, requested: T.self)
                }
            }
        }
        return edit { $0.addInjection(injection) }
    }
}

/// A registration while its builder is alive: committed to its container, moved out, when
/// the last copy of the builder is released.
///
/// Not generic, so a builder of a type registered for the first time needs no look-up of
/// generic class metadata.
final class RegistrationDraft {
    let container: DIContainer
    /// Unique in the process, stable while the builder edits the registration: what the
    /// registry's pending registrations know it by until the commit.
    let id: Int
    /// The registration being configured; `nil` only once committed.
    // NB: @exclusivity(unchecked): only the builder's copies reach it, on the thread that
    // registers, one edit at a time, and the deinit last.
    // NB: spelled `Optional<Registration>`, not `Registration?`: the sugar gives the property an
    // implicit `nil`, which the initializer would then destroy and store over.
    @exclusivity(unchecked) var registration: Optional<Registration>

    /// A draft of a new registration, made in place (see ``Registration/init``).
    init(
        container: DIContainer,
        id: Int,
        identity: ComponentIdentity,
        details: RegistrationDetails?,
        isolation: ComponentIsolation,
        instantiate: @escaping @Sendable (inout Registration, DIContainer) -> Component
    ) {
        self.container = container
        self.id = id
        unsafe self.registration = Registration(
            identity: identity, details: details, isolation: isolation, instantiate: instantiate)
    }

    /// Sets the registration's lifetime and the state the lifetime makes for it, in place: no
    /// closure, and neither the container nor the identity retained for the call.
    // NB: `__owned` here and in `lifetime(_:)` (the convention only): the caller's lifetime is
    // moved into the registration, not retained for it and then released by the caller.
    func setLifetime(_ lifetime: __owned DIComponentLifetime) {
        unsafe registration!.lifetimeState = lifetime.makeState(identity: registration!.identity, container: container)
        unsafe registration!.lifetime = lifetime
    }

    deinit {
        // The draft itself is handed on: the registration is read in place and moved into the
        // registry (passing it as a value, or as an inout optional, copied it field by field).
        container.commit(self)
    }
}
