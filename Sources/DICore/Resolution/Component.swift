/// One registration of a container, as the resolver sees it: immutable once published.
///
/// A registration is republished as a new `Component` whenever its builder changes it, so
/// every field here can be read from any thread without a lock. Lifetime strategies receive
/// a `Component` and call ``makeInstance(in:)`` when they need a new instance.
///
/// A component is also its own candidate: the way a request for its own type gets it.
// NB: @unchecked because the class is not final (ComponentBox subclasses it); every stored
// property of both classes is an immutable `let` of a Sendable type.
@usableFromInline
package class Component: AnyCandidate, @unchecked Sendable, CustomStringConvertible {
    // The one-byte fields first: they fill the bytes after the candidate's flag, which the
    // words below would leave as padding. A component is made per component first resolved
    // and kept for its container's life; each word here is 800 bytes for 100 components.

    /// Where the factory must run: inline, on the main actor, or awaited.
    @usableFromInline
    package let isolation: ComponentIsolation
    /// Whether instances are class instances (cached as themselves, not boxed).
    @usableFromInline
    let _isReferenceType: Bool
    /// Whether the registration has property injections or post-initialization actions.
    ///
    /// NB: stored apart from the injections: asking the typed array itself on the resolve path
    /// would make the runtime instantiate `[Injection<T>]` metadata and look up its
    /// `Collection` conformance on every build, as that code is not specialized for `T`.
    @usableFromInline
    let _hasInjections: Bool
    /// Whether the lifetime is `.prototype`: a build then never touches the strategy.
    @usableFromInline
    let _isPrototype: Bool
    /// Whether ``ComponentBox/_cacheSlot`` is a ``ClearableSlot`` (otherwise an
    /// ``InstanceSlot``).
    @usableFromInline
    let _cacheSlotIsClearable: Bool
    /// How many `Argument` parameters the initializer takes (a parameter list of 65,536 does
    /// not compile).
    private let storedArgumentCount: UInt16
    /// Where the component was registered: its identity across containers.
    package final var site: DIRegistrationSite { identity.site }
    /// Site, type and ordinal: what keys process-wide caches and scope storages.
    package let identity: ComponentIdentity
    /// The type the initializer returns (its identity's: no word of its own).
    var _type: Any.Type { identity.type }
    /// The names and tags that tell this component apart from others of its type; empty for
    /// an unqualified component.
    package final var qualifiers: [Qualifier] { readDetails(else: []) { $0.qualifiers } }
    /// Whether the component was marked `.default()`.
    package final var isDefault: Bool { readDetails(else: false) { $0.isDefault } }
    /// Whether the component was marked `.override()`: it wins over every other candidate.
    package final var isOverride: Bool { readDetails(else: false) { $0.isOverride } }
    /// Whether the component was marked `.root()`: the application resolves it at the top.
    package final var isRoot: Bool { readDetails(else: false) { $0.isRoot } }
    /// Whether the component was marked `.allowsCapture()`: longer-lived ones may keep it.
    package final var allowsCapture: Bool { readDetails(else: false) { $0.allowsCapture } }
    /// The component's lifetime, made from the strategy a ``ComponentBox`` keeps for its
    /// hot path (a second copy here held 40 bytes more per component).
    @usableFromInline
    var _lifetime: DIComponentLifetime { preconditionFailure("ComponentBox overrides _lifetime") }
    /// What the lifetime strategy attached to this registration (such as its cache cell).
    ///
    /// Kept strongly: a strategy that reads it on every request (a weak cache) then borrows
    /// it, where an unowned reference was retained and released at each read.
    @usableFromInline
    let _lifetimeState: (any AnyObject & Sendable)?
    /// What other modules attached at registration (such as the registering framework).
    package final var attributes: [ObjectIdentifier: any Sendable] { readDetails(else: [:]) { $0.attributes } }
    /// The types taken by the initializer, recorded at registration.
    package let initializerDependencies: [Dependency]
    /// How many `Argument` parameters the initializer takes: the first arguments of a build.
    final var initializerArgumentCount: Int { Int(storedArgumentCount) }
    /// How many arguments a build takes: the initializer's `Argument` parameters, then those
    /// of each property injection and `postInit`, in registration order.
    package final var argumentCount: Int {
        readDetails(else: 0) { $0.injections.isEmpty ? 0 : $0.injections.reduce(0) { $0 + $1.argumentCount } }
            + initializerArgumentCount
    }
    /// The types taken by property injections, recorded at registration.
    package final var propertyDependencies: [Dependency] {
        // The usual component has none: no generic `flatMap` for an empty list.
        readDetails(else: []) { $0.injections.isEmpty ? [] : $0.injections.flatMap { $0.dependencies } }
    }
    /// The other types this component is exposed as with `.as(_:)`.
    package final var exposedTypes: [Any.Type] {
        readDetails(else: []) { $0.exposedTypes.isEmpty ? [] : $0.exposedTypes.map { $0.type } }
    }
    /// The container holding the registration.
    // NB: unowned(unsafe): a component is reached only through the bindings of its container or
    // of a descendant, and a child holds its parent, so the owner outlives every read; a strong
    // reference would be a cycle (the container holds its components).
    @usableFromInline
    unowned(unsafe) let _owner: DIContainer
    /// The details of the registration this component was published from, which answer what
    /// the resolver rarely reads (qualifiers, flags, attributes, exposures, injections):
    /// copying each into every component cost about 600 instructions per component made, and
    /// as much again to release them, and kept a second copy of each for the container's life.
    // NB: unmanaged, as `_owner` is unowned(unsafe), and for the same reason: the registry keeps
    // every registration, and so its details, for its container's life (none is ever removed),
    // and the owner outlives every read of a component. The details are never written once
    // the registration is committed, which happens before any component of it is made. Read
    // without a retain (validation reads several fields of every component per run).
    private let details: Unmanaged<RegistrationDetails>?

    /// A field of the details, or `absent` for a registration without details.
    @inline(__always)
    private func readDetails<Value>(else absent: Value, _ field: (RegistrationDetails) -> Value) -> Value {
        guard let details else { return absent }
        return details._withUnsafeGuaranteedRef(field)
    }

    init(
        registration: inout Registration, owner: DIContainer, dependencies: [Dependency], isReferenceType: Bool,
        isPrototype: Bool, cacheSlotIsClearable: Bool
    ) {
        self.isolation = registration.isolation
        self._isReferenceType = isReferenceType
        self._hasInjections = registration._hasInjections
        self._isPrototype = isPrototype
        self._cacheSlotIsClearable = cacheSlotIsClearable
        self.storedArgumentCount = dependencies.isEmpty ? 0 : UInt16(dependencies.count { $0.isArgument })
        self.identity = registration.identity
        self.initializerDependencies = dependencies
        self._owner = owner
        self._lifetimeState = registration.lifetimeState
        self.details = registration.details.map { Unmanaged.passUnretained($0) }
        super.init(isComponent: true)
    }

    /// The component as its own candidate: itself.
    override final var component: Component { self }

    /// Builds a new instance, runs or schedules its property injections, and returns it
    /// erased to an object (a class instance as itself, a value in a box).
    func _makeInstance(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        preconditionFailure("ComponentBox overrides makeInstance")
    }

    /// Whether `object`, as a cache or storage returned it, is an instance of this component
    /// (a class instance of its type, or a value of its type in a box).
    func _holds(_ object: AnyObject) -> Bool {
        preconditionFailure("ComponentBox overrides holds")
    }

    /// Whether instances are values of a concrete value type (a struct, an enum, a tuple, a
    /// function), never class instances; `false` for a class and for a protocol or `Any`,
    /// whose values may be class instances.
    var _isValueType: Bool { preconditionFailure("ComponentBox overrides isValueType") }

    /// Whether the component's lifetime keeps its instance beyond one resolve
    /// (``LifetimeStrategy/keepsInstance(of:)``); `false` for `.prototype`.
    var _keepsInstance: Bool { preconditionFailure("ComponentBox overrides keepsInstance") }

    /// What a weak cache holds of `instance` (as ``_makeInstance(in:)`` made it): the class
    /// instance, itself or in a value of a protocol type; `nil` for a value.
    func _weakReferent(of instance: AnyObject) -> AnyObject? {
        preconditionFailure("ComponentBox overrides weakReferent")
    }

    /// The instance, as a cache hands it out, of what a weak cache held: the inverse of
    /// ``_weakReferent(of:)``.
    func _instance(fromReferent referent: AnyObject) -> AnyObject {
        preconditionFailure("ComponentBox overrides instance(fromReferent:)")
    }

    /// The type of what a cache or storage returned, as a message names it (the value's
    /// type for a boxed value).
    func _describeStored(_ object: AnyObject) -> String {
        if let box = object as? any ValueBoxProtocol { return String(reflecting: box.valueType) }
        return String(reflecting: Swift.type(of: object))
    }

    /// The component's type name, qualifier and registration site, as errors print it.
    @usableFromInline
    package var description: String { info.description }

    /// Builds a new instance for an awaited resolve.
    ///
    /// Awaits an async factory or hops to the component's actor. The dependencies it needs
    /// that also need awaiting are prepared.
    package func makeInstanceAsync(in context: inout ResolutionContext) async throws(DIError) -> AnyObject {
        preconditionFailure("ComponentBox overrides makeInstanceAsync")
    }

    /// The public description of this component, with the origin its attributes describe.
    var _info: DIComponentInfo {
        let origins = attributes.values.compactMap { ($0 as? any DescribedAttribute)?.originDescription }.sorted()
        return DIComponentInfo(
            type: type, qualifier: qualifierDescription, site: site,
            origin: origins.isEmpty ? nil : origins.joined(separator: "; "), ordinal: identity.ordinal)
    }

    /// Whether a request with `qualifier` finds this component: an unqualified request finds
    /// only unqualified components, a named or tagged one each component that has that name
    /// or tag.
    package func answers(_ qualifier: Qualifier?) -> Bool {
        guard let qualifier else { return qualifiers.isEmpty }
        if case .all(let required) = qualifier { return required.allSatisfy { answers($0) } }
        return qualifiers.contains(qualifier)
    }

    /// The names and tags as messages print them (`name "a", tag T`), or `nil` for none.
    package var qualifierDescription: String? {
        qualifiers.isEmpty ? nil : qualifiers.map(\.description).joined(separator: ", ")
    }

    /// The attribute another module attached under `key`.
    func _attribute<Value: Sendable>(_ key: Value.Type) -> Value? {
        attributes[ObjectIdentifier(key)] as? Value
    }
}

/// A component whose instances are of type `T`.
// NB: @unchecked as its superclass: every stored property is an immutable `let` of a
// Sendable type.
@usableFromInline
package final class ComponentBox<T>: Component, @unchecked Sendable {
    @usableFromInline
    typealias Factory = @Sendable (inout ResolutionContext) throws(DIError) -> T
    @usableFromInline
    typealias AsyncFactory = @Sendable (inout ResolutionContext) async throws(DIError) -> T

    @usableFromInline
    let factory: Factory
    /// The async factory and the property injections, which few components have: one word
    /// in every component, `nil` for most.
    @usableFromInline
    let _extras: ComponentExtras<T>?
    /// The property injections and post-initialization actions; read only when
    /// ``hasInjections`` says there are some.
    @inlinable
    var injections: [Injection<T>] { _extras!.injections }
    /// Whether there are property injections or post-initialization actions.
    @inlinable
    var hasInjections: Bool { _hasInjections }
    /// Whether the lifetime is `.prototype`: a build then never touches the strategy.
    @inlinable
    var isPrototype: Bool { _isPrototype }
    /// The lifetime's strategy, boxed (one word, not an existential's five), not optional so
    /// that a cache hit calls it in place: reading it out of `lifetime` copied (and destroyed)
    /// the existential on every request.
    @usableFromInline
    let _strategyBox: LifetimeStrategyBox
    /// The lifetime's set-once or clearable slot, when it keeps its instance in one, as bits
    /// (``_cacheSlotIsClearable`` tells which): one word for either.
    // NB: unmanaged: `lifetimeState` keeps it alive, and a strong read would retain it.
    @usableFromInline
    let _cacheSlot: UnsafeRawPointer?
    /// The lifetime's set-once slot, when it keeps its instance in one: a hit then reads it
    /// inline, without calling the strategy.
    @inlinable
    var permanentSlot: Unmanaged<InstanceSlot>? {
        guard let slot = _cacheSlot, !_cacheSlotIsClearable else { return nil }
        return Unmanaged.fromOpaque(slot)
    }
    /// The lifetime's clearable slot, when it keeps its instance in one: a hit then reads it
    /// inline, without a lock and without calling the strategy.
    @inlinable
    var clearableSlot: Unmanaged<ClearableSlot>? {
        guard let slot = _cacheSlot, _cacheSlotIsClearable else { return nil }
        return Unmanaged.fromOpaque(slot)
    }

    /// A component of `registration`; `isReferenceType` is `T.self is AnyObject.Type`, asked by
    /// the caller, whose code is specialized for `T` and answers it without a dynamic cast.
    ///
    /// The registration is only read. It is taken `inout` because the caller holds it so: a
    /// borrow of it was a copy of the whole registration, and a destroy of the copy.
    @usableFromInline
    init(
        registration: inout Registration,
        owner: DIContainer,
        dependencies: [Dependency],
        factory: @escaping Factory,
        asyncFactory: AsyncFactory?,
        injections: [Injection<T>],
        isReferenceType: Bool
    ) {
        self.factory = factory
        // NB: asked of the registration's type-erased list: `[Injection<T>].isEmpty` here, not
        // specialized for `T`, would look up the array's generic metadata per component made.
        if asyncFactory != nil || registration._hasInjections {
            self._extras = ComponentExtras(asyncFactory: asyncFactory, injections: injections)
        } else {
            self._extras = nil
        }
        // The lifetime's box shared, not its strategy copied: a box is retained, an existential
        // copied through its value witnesses.
        let isPrototype: Bool
        if let box = registration.lifetime._box {
            isPrototype = false
            self._strategyBox = box
        } else {
            isPrototype = true
            self._strategyBox = prototypeStrategyBox
        }
        let state = registration.lifetimeState
        let isClearable = state is ClearableSlot
        let isSlot = isClearable || state is InstanceSlot
        self._cacheSlot = isSlot ? UnsafeRawPointer(Unmanaged.passUnretained(state!).toOpaque()) : nil
        super.init(
            registration: &registration, owner: owner, dependencies: dependencies,
            isReferenceType: isReferenceType, isPrototype: isPrototype, cacheSlotIsClearable: isClearable)
    }

    /// The instance a slot of the lifetime already keeps, read inline; `nil` otherwise.
    @inlinable @inline(__always)
    func cachedInstance() -> T? {
        if let slot = permanentSlot, let object = slot._withUnsafeGuaranteedRef({ $0.unmanagedObject }) {
            return recover(object)
        }
        if let slot = clearableSlot, let object = slot._withUnsafeGuaranteedRef({ $0.retainedObject() }) {
            return recover(retained: object)
        }
        return nil
    }

    @usableFromInline
    override var _lifetime: DIComponentLifetime {
        isPrototype ? ._prototype : DIComponentLifetime(box: _strategyBox)
    }

    override var _keepsInstance: Bool {
        !isPrototype && _strategyBox.keepsInstance(of: self)
    }

    /// The instance for this request: built inline for `.prototype`, else from the strategy.
    @inlinable @inline(__always)
    func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        if isPrototype { return try make(in: &context) }
        if let slot = permanentSlot, let object = slot._withUnsafeGuaranteedRef({ $0.unmanagedObject }) {
            return recover(object)
        }
        if let slot = clearableSlot, let object = slot._withUnsafeGuaranteedRef({ $0.retainedObject() }) {
            return recover(retained: object)
        }
        return recover(try _strategyBox.instance(of: self, in: &context))
    }

    override func _makeInstance(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        erase(try make(in: &context))
    }

    override func _holds(_ object: AnyObject) -> Bool {
        isReferenceType ? object is T : object is ValueBox<T>
    }

    override var _isValueType: Bool {
        guard !isReferenceType else { return false }
        // NB: the first word of a type's metadata is its kind (`MetadataKind` of the Swift
        // ABI, stable since Swift 5): 0x303 for an existential (`any P`, `Any`, `any P & Q`),
        // whose values may be class instances; every other non-class kind (struct, enum,
        // optional, tuple, function, metatype) holds a value. Read only for a type that is
        // not a class, whose metadata has that word first on every platform.
        let kind = unsafeBitCast(T.self as Any.Type, to: UnsafePointer<UInt>.self).pointee
        return kind != 0x303
    }

    override func _weakReferent(of instance: AnyObject) -> AnyObject? {
        if isReferenceType { return instance }
        // NB: unsafeDowncast: an instance this component made is what `erase(_:)` made of a `T`.
        let value = unsafeDowncast(instance, to: ValueBox<T>.self).value
        guard Swift.type(of: value as Any) is AnyObject.Type else { return nil }
        return value as AnyObject
    }

    override func _instance(fromReferent referent: AnyObject) -> AnyObject {
        if isReferenceType || referent is ValueBox<T> { return referent }
        // The referent came from a `T` (see `_weakReferent(of:)`), so it casts back.
        guard let value = referent as? T else { return referent }
        return ValueBox(value)
    }

    override package func makeInstanceAsync(in context: inout ResolutionContext) async throws(DIError) -> AnyObject {
        guard let asyncFactory = _extras?.asyncFactory else { return try makeInstance(in: &context) }
        return erase(try await asyncFactory(&context))
    }

    /// Runs the factory with this component on the resolution path.
    // NB: always inlined (into `instance(in:)`): a nested resolve then makes one call fewer
    // per component; the observed build and the slow push stay out of line.
    @inlinable @inline(__always)
    func make(in context: inout ResolutionContext) throws(DIError) -> T {
        let value: T
        if isolation != .nonisolated, let prepared = context.takePrepared(self) {
            // An awaited resolve built it before this synchronous pass; its injections are
            // still to run, here, like any new instance's.
            value = recover(prepared)
        } else if _slowPath(context.isObserved) {
            value = try makeObserved(in: &context)
        } else {
            try context.push(self)
            do {
                value = try factory(&context)
            } catch {
                context.pop()
                throw error
            }
            context.pop()
        }
        if hasInjections {
            context.scheduleInjections(injections, into: value, of: self)
        }
        return value
    }

    /// Runs the factory as ``make(in:)`` does, timed and reported to the observers; out of
    /// line, so the unobserved build carries none of it.
    @usableFromInline
    @inline(never)
    func makeObserved(in context: inout ResolutionContext) throws(DIError) -> T {
        let start = ContinuousClock.now
        try context.push(self)
        let value: T
        do {
            value = try factory(&context)
        } catch {
            context.pop()
            throw error
        }
        context.pop()
        context.reportCreation(of: self, since: start)
        return value
    }

    /// Turns an instance into the object a cache holds.
    // NB: unsafeBitCast: `isReferenceType` is `T.self is AnyObject.Type`, true only for a class
    // type, whose value is one object reference; any other `T` is boxed.
    @inlinable
    package func erase(_ value: T) -> AnyObject {
        isReferenceType ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
    }

    /// Turns an object a cache holds, borrowed, back into an instance.
    @inlinable
    func recover(_ object: Unmanaged<AnyObject>) -> T {
        // NB: one retain, for the instance returned; `takeUnretainedValue()` then a cast of the
        // result would retain twice. The casts are `erase(_:)`'s inverse: a class instance is
        // itself, anything else a `ValueBox<T>` that `erase(_:)` made.
        if isReferenceType { return unsafeBitCast(object.takeUnretainedValue(), to: T.self) }
        return object._withUnsafeGuaranteedRef { unsafeDowncast($0, to: ValueBox<T>.self).value }
    }

    /// Turns an object a cache handed out retained (+1) back into an instance, consuming that
    /// reference.
    @inlinable
    func recover(retained object: Unmanaged<AnyObject>) -> T {
        // NB: the casts are `erase(_:)`'s inverse, as in `recover(_:)`; a class instance takes
        // over the reference, a box gives it back once its value is copied out.
        if isReferenceType { return unsafeBitCast(object.takeRetainedValue(), to: T.self) }
        let value = object._withUnsafeGuaranteedRef { unsafeDowncast($0, to: ValueBox<T>.self).value }
        object.release()
        return value
    }

    /// Turns an object a cache holds back into an instance; the inverse of ``erase(_:)``.
    // NB: unsafeBitCast and unsafeDowncast: the object is what `erase(_:)` made of a `T`.
    @inlinable
    package func recover(_ object: AnyObject) -> T {
        isReferenceType ? unsafeBitCast(object, to: T.self) : unsafeDowncast(object, to: ValueBox<T>.self).value
    }
}

/// The strategy a `.prototype` component keeps in place of none, made once.
private let prototypeStrategyBox = LifetimeStrategyBox(PrototypeStrategy())

/// The strategy a `.prototype` component keeps in place of none; never asked for an instance.
private struct PrototypeStrategy: LifetimeStrategy {
    var name: String { "prototype" }
    var rank: LifetimeRank { .prototype }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try component.makeInstance(in: &context)
    }
}

/// The async factory and the property injections of a component, apart from it: few
/// components have either.
@usableFromInline
final class ComponentExtras<T>: Sendable {
    let asyncFactory: ComponentBox<T>.AsyncFactory?
    @usableFromInline
    let injections: [Injection<T>]

    init(asyncFactory: ComponentBox<T>.AsyncFactory?, injections: [Injection<T>]) {
        self.asyncFactory = asyncFactory
        self.injections = injections
    }
}

/// A value-type instance kept by a cache.
// NB: @unchecked: the value is immutable and handed out by copy; sharing it is the user's call.
@usableFromInline
final class ValueBox<T>: @unchecked Sendable, ValueBoxProtocol {
    @usableFromInline
    let value: T
    @usableFromInline
    init(_ value: T) { self.value = value }

    var valueType: Any.Type { Swift.type(of: value) }
}

/// A boxed value of any type, for messages that name what a storage returned.
protocol ValueBoxProtocol: AnyObject {
    var valueType: Any.Type { get }
}
