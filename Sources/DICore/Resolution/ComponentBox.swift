/// A component whose instances are of type `T`: a plain `.prototype` one; a component with a
/// lifetime, details or an async factory is a ``ConfiguredComponentBox``, which adds what only
/// those need.
// NB: @unchecked as its superclass: every stored property is an immutable `let` of a
// Sendable type. Not final (``ConfiguredComponentBox`` subclasses it): every member is `final`
// but ``asyncFactory`` and ``injections``.
@usableFromInline class ComponentBox<T>: Component, @unchecked Sendable {
    @usableFromInline typealias Factory = @Sendable (inout ResolutionContext) throws(DIError) -> T
    @usableFromInline typealias AsyncFactory = @Sendable (inout ResolutionContext) async throws(DIError) -> T

    @usableFromInline final let factory: Factory
    /// The async factory, which few components have: kept by a ``ConfiguredComponentBox``, `nil`
    /// for the others.
    var asyncFactory: AsyncFactory? { nil }
    /// The property injections and post-initialization actions, kept by a
    /// ``ConfiguredComponentBox``; read only when ``Component/_hasInjections`` says there are some.
    @usableFromInline var injections: [Injection<T>] { [] }
    /// The lifetime's strategy of a component that is not `.prototype`.
    // NB: unchecked: such a component is a `ConfiguredComponentBox` (`make`).
    @inlinable @inline(__always) final var _strategyBox: LifetimeStrategyBox {
        unsafe UnsafeCast.downcast(self, to: ConfiguredComponentBox<T>.self)._lifetimeBox
    }
    /// A component of `registration`; `isReferenceType` is `T.self is AnyObject.Type`, asked by
    /// the caller, whose code is specialized for `T` and answers it without a dynamic cast.
    ///
    /// The registration is only read. It is taken `inout` because the caller holds it so: a
    /// borrow of it would be a copy of the whole registration, and a destroy of the copy.
    @usableFromInline init(
        registration: inout Registration, owner: DIContainer, dependencies: [Dependency], factory: @escaping Factory,
        lifetimeState: (any AnyObject & Sendable)?, isReferenceType: Bool
    ) {
        self.factory = factory
        super.init(
            registration: &registration, owner: owner, dependencies: dependencies, lifetimeState: lifetimeState,
            isReferenceType: isReferenceType, isPrototype: registration.lifetime.isPrototype)
    }

    /// The component of `registration`: a ``ConfiguredComponentBox`` unless it is a plain
    /// `.prototype` one (no details, no async factory).
    // NB: @inlinable, as its caller: both classes' metadata are then reached through cached
    // accessors in code specialized for `T`.
    @inlinable static func make(
        registration: inout Registration,
        owner: DIContainer,
        dependencies: [Dependency],
        factory: @escaping Factory,
        asyncFactory: AsyncFactory?,
        injections: [Injection<T>],
        isReferenceType: Bool
    ) -> ComponentBox<T> {
        guard registration._isPlain && asyncFactory == nil else {
            return ConfiguredComponentBox(
                registration: &registration, owner: owner, dependencies: dependencies, factory: factory,
                asyncFactory: asyncFactory, injections: injections, isReferenceType: isReferenceType)
        }
        return ComponentBox(
            registration: &registration, owner: owner, dependencies: dependencies, factory: factory,
            lifetimeState: nil, isReferenceType: isReferenceType)
    }

    /// The instance a slot of the lifetime already keeps, read inline; `nil` otherwise.
    // NB: not `cachedInstance(as:)`, whose read of a candidate's object kept apart from its
    // witness table a component never needs.
    @inlinable @inline(__always) final func cachedInstance() -> T? {
        if let slot = unsafe permanentSlot, let object = unsafe slot.withObject({ unsafe $0.storedObject }) {
            // Borrowed from the slot: one retain, for the instance returned.
            return unsafe UnsafeInstanceBoxing.unbox(borrowing: object, as: T.self, isReferenceType: isReferenceType)
        }
        if let slot = unsafe clearableSlot, let object = unsafe slot.withObject({ unsafe $0.retainedObject() }) {
            // Handed out retained (+1): the instance returned takes that reference.
            return unsafe UnsafeInstanceBoxing.unbox(consuming: object, as: T.self, isReferenceType: isReferenceType)
        }
        return nil
    }

    final override var resolvedType: Any.Type { T.self }

    @usableFromInline final override var _lifetime: DIComponentLifetime {
        DIComponentLifetime(strategyBox: isPrototype ? nil : _strategyBox)
    }

    /// The instance for this request: built inline for `.prototype`, else from the strategy.
    @inlinable @inline(__always) final func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        if isPrototype { return try make(in: &context) }
        // NB: the reads of `cachedInstance()` written out, not called: in code not specialized
        // for `T` (a nested resolve through `AnyCandidate.instance(as:in:)`), its `T?` result
        // instantiates `Optional<T>`'s metadata on every request.
        if let slot = unsafe permanentSlot, let object = unsafe slot.withObject({ unsafe $0.storedObject }) {
            return unsafe UnsafeInstanceBoxing.unbox(borrowing: object, as: T.self, isReferenceType: isReferenceType)
        }
        if let slot = unsafe clearableSlot, let object = unsafe slot.withObject({ unsafe $0.retainedObject() }) {
            return unsafe UnsafeInstanceBoxing.unbox(consuming: object, as: T.self, isReferenceType: isReferenceType)
        }
        if isolation == .mainActorBound { try context.requireMainActorBound(self) }
        return recover(try _strategyBox.instance(of: self, in: &context))
    }

    final override func makeInstanceOverride(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        erase(try make(in: &context))
    }

    final override func holdsOverride(_ object: AnyObject) -> Bool {
        isReferenceType ? object is T : object is ValueBox<T>
    }

    final override func weakReferentOverride(of instance: AnyObject) -> AnyObject? {
        if isReferenceType { return instance }
        // An instance this component made is what `erase(_:)` made of a `T`.
        let value = unsafe UnsafeInstanceBoxing.unbox(instance, as: T.self, isReferenceType: false)
        guard Swift.type(of: value as Any) is AnyObject.Type else { return nil }
        return value as AnyObject
    }

    final override func instanceOverride(fromReferent referent: AnyObject) -> AnyObject {
        if isReferenceType || referent is ValueBox<T> { return referent }
        // The referent came from a `T` (see `weakReferentOverride(of:)`), so it casts back.
        guard let value = referent as? T else { return referent }
        return ValueBox(value)
    }

    final override func makeInstanceAsync(in context: inout ResolutionContext) async throws(DIError) -> AnyObject {
        guard let asyncFactory else { return try makeInstance(in: &context) }
        return erase(try await asyncFactory(&context))
    }

    /// Runs the factory with this component on the resolution path.
    // NB: always inlined (into `instance(in:)`): a nested resolve then makes one call fewer
    // per component; the observed build and the slow push stay out of line.
    @inlinable @inline(__always) final func make(in context: inout ResolutionContext) throws(DIError) -> T {
        let value: T
        if isolation != .nonisolated, let prepared = context.takePrepared(self) {
            // An awaited resolve built it before this synchronous pass; its injections are
            // still to run, here, like any new instance's, once.
            value = recover(prepared.instance)
            guard prepared.isFirstTake else { return value }
        } else if _slowPath(context.isObserved) {
            value = try makeObserved(in: &context)
        } else {
            value = try runFactory(in: &context)
        }
        if _hasInjections {
            context.scheduleInjections(injections, into: value, of: self)
        }
        return value
    }

    /// Runs the factory as ``make(in:)`` does, timed and reported to the observers; out of
    /// line, so the unobserved build carries none of it.
    @usableFromInline @inline(never) final func makeObserved(in context: inout ResolutionContext) throws(DIError) -> T {
        let start = ContinuousClock.now
        let value = try runFactory(in: &context)
        context.reportCreation(of: self, since: start)
        return value
    }

    /// Runs the factory with this component on the resolution path.
    // NB: the pops are written out: a `defer` here is outlined into a generic function that
    // is not specialized, whose metadata look-ups cost more than the factory call.
    @inlinable @inline(__always) final func runFactory(in context: inout ResolutionContext) throws(DIError) -> T {
        try context.push(self)
        let value: T
        do {
            value = try factory(&context)
        } catch {
            context.pop()
            throw error
        }
        context.pop()
        return value
    }

    /// Turns an instance into the object a cache holds (see ``UnsafeInstanceBoxing``).
    @inlinable final func erase(_ value: T) -> AnyObject {
        unsafe UnsafeInstanceBoxing.box(value, isReferenceType: isReferenceType)
    }

    /// Turns an object a cache holds back into an instance; the inverse of ``erase(_:)``.
    @inlinable final func recover(_ object: AnyObject) -> T {
        unsafe UnsafeInstanceBoxing.unbox(object, as: T.self, isReferenceType: isReferenceType)
    }
}
