extension DIContainer {
    /// Resolves a `T`, or returns `nil` if it cannot be resolved, whatever the reason.
    ///
    /// `T` may be a registered type, or `[T]`, `T?`, `Lazy<T>`, `Provider<T>`:
    ///
    /// ```swift
    /// let cat: Cat? = container.resolve()
    /// let cats: [Cat]? = container.resolve()
    /// ```
    ///
    /// It is `try?` of ``resolve(_:isolation:)``: `nil` when nothing is registered, and also when a
    /// registered component fails (a missing dependency, a cycle, a factory's error). A `T?`
    /// parameter of a factory differs: it is `nil` only when nothing is registered, and a
    /// registered component that fails fails the resolve. Use ``resolve(_:isolation:)`` to
    /// learn why a resolve failed.
    ///
    /// The `nil` of a registered component that fails is never silent: the container's
    /// observers get ``DIObserver/container(_:didReturnNilFor:error:)``, and a debug build
    /// writes the error to standard error, once per component.
    @inlinable public func resolve<T>(isolation: isolated (any Actor)? = #isolation) -> T? {
        do {
            return try resolve(T.self, isolation: isolation)
        } catch {
            // NB: the failure path only calls out of line; this body is inlined into users' code.
            _reportNil(for: T.self, error)
            return nil
        }
    }

    /// Resolves a `T`, trapping with a full diagnostic if it cannot be resolved.
    ///
    /// For wiring you know is complete (validate it at start-up); otherwise use the
    /// optional or the throwing form. The trap reports the caller's file and line.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; leave the default.
    ///   - file: The caller's file, reported by the trap; leave the default.
    ///   - line: The caller's line, reported by the trap; leave the default.
    @inlinable @_disfavoredOverload public func resolve<T>(
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> T {
        do {
            return try resolve(T.self, isolation: isolation)
        } catch {
            Self.trap(error, file: file, line: line)
        }
    }

    /// How many components one resolve may build inside one another.
    ///
    /// A deeper graph fails with ``DIError/Code-swift.struct/tooDeep`` instead of overflowing
    /// the stack. A chain of initializers reaches this limit before the stack overflows on the
    /// main thread, a secondary thread and a `Task` with 8 MB stacks (Linux's), in debug,
    /// release and sanitizer builds. A resolve also stops, with the same error, once it has
    /// used three quarters of its thread's stack, whatever its depth: heavy frames (a factory
    /// resolving through its resolver parameter, a factory with large locals) and small
    /// stacks (512 KB secondary threads on Apple platforms) meet that guard first.
    public static var maxResolutionDepth: Int { ResolutionContext.maxDepth }

    /// Stops the program with the diagnostic of `error`: the non-optional API's failure,
    /// reported at the caller's `file` and `line`.
    @usableFromInline @inline(never) static func trap(_ error: DIError, file: StaticString, line: UInt) -> Never {
        FreshStack.trap({ error.description }, file: file, line: line)
    }

    /// Resolves a `T`, or throws why it cannot be resolved.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor
    ///     components are built inline.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: ``DIError``, naming the type, the reason and the resolution path.
    @inlinable public func resolve<T>(_ type: T.Type, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        // The candidate found once: a cached instance is returned before any resolve context
        // exists, anything else is built from it.
        // NB: borrowed, not retained: the entry for `T`'s identity is a candidate of `T` (a
        // component of `T` or a `Candidate<T>`), or a slot whose primary is one, that the
        // registry keeps while `self` lives.
        let entry = localEntry(ObjectIdentifier(T.self))
        if entry.isLoneCandidate {
            if let hit = unsafe entry.loneCandidate.withObject({ $0.cachedInstance(as: T.self) }) { return hit }
            return try build(T.self, lone: entry, callerIsolation: isolation)
        }
        return try resolve(T.self, through: entry, callerIsolation: isolation)
    }

    /// Builds a `T` through the lone candidate of this container's `entry` for it.
    // NB: @inlinable and never inlined, as `build(_:candidate:callerIsolation:)`: the hit before
    // it stays a small function, whose loop keeps its values in registers.
    @inlinable @inline(never) func build<T>(_ type: T.Type, lone entry: TypeEntry, callerIsolation: (any Actor)?) throws(DIError) -> T {
        if unsafe !entry.loneCandidate.withObject({ $0._isComponent }) {
            return try self.build(T.self, candidate: entry.bits, callerIsolation: callerIsolation)
        }
        if isObjectReference(T.self) { return try buildObject(entry.bits, callerIsolation, ComponentBox<T>.topLevelObject) }
        // NB: borrowed, not retained, as the hit before it.
        let box = unsafe UnsafeObjectWord<ComponentBox<T>>(bits: entry.bits)
        // NB: a local function marked always-inline, not a closure: the closure is left out
        // of line (a call per resolve that is not a hit).
        @inline(__always) func build(_ context: inout ResolutionContext) throws(DIError) -> T {
            unsafe try box.buildWithObject { (box) throws(DIError) in try box.instance(in: &context) }
        }
        return try withContext(callerIsolation: callerIsolation, build)
    }

    /// Resolves a `T` from this container's `entry` for it when that is not a lone candidate:
    /// the primary candidate of the type's slot as ``resolve(_:isolation:)`` does a lone one,
    /// anything else in a resolve context.
    // NB: @inlinable and never inlined, as `ResolutionContext.resolve(_:through:)`.
    @inlinable @inline(never)
    func resolve<T>(_ type: T.Type, through entry: TypeEntry, callerIsolation: (any Actor)?) throws(DIError) -> T {
        let bits = entry.slotPrimaryBits
        if bits != 0 {
            let candidate = unsafe UnsafeObjectWord<AnyCandidate>(bits: bits)
            // NB: a local function marked always-inline, not a closure: a closure is left out
            // of line here (a call per hit).
            @inline(__always) func cached(_ candidate: AnyCandidate) -> T? { candidate.cachedInstance(as: T.self) }
            if let hit = unsafe candidate.withObject(cached) { return hit }
            // A component exposed as `T`: built in a context of this resolve through the
            // candidate's conversion, compiled with the registration (`ExposureTests`).
            if unsafe !candidate.withObject({ $0._isComponent }) {
                return try build(T.self, candidate: bits, callerIsolation: callerIsolation)
            }
        }
        return try build(T.self, through: entry, callerIsolation: callerIsolation)
    }

    /// Builds a `T` through `candidate`, the bits of an unretained ``UnsafeObjectWord`` of a
    /// `Candidate<T>` (a component exposed as `T`) this container's registry keeps: the
    /// instance its component keeps, converted (``Candidate/keptInstance()``), else in a
    /// resolve context, through the conversion compiled with the registration.
    // NB: @inlinable and never inlined: out of line, the build leaves the hit before it a
    // small function (fewer registers saved per hit).
    @inlinable @inline(never) func build<T>(_ type: T.Type, candidate bits: UInt, callerIsolation: (any Actor)?) throws(DIError) -> T {
        let exposed = unsafe UnsafeObjectWord<Candidate<T>>(bits: bits)
        if unsafe exposed.withObject({ $0._cacheSlot != 0 }), let kept = unsafe exposed.withObject({ $0.keptInstance() }) {
            return kept
        }
        if isObjectReference(T.self) { return try buildObject(bits, callerIsolation, Candidate<T>.topLevelObject) }
        // NB: `exposed` is borrowed, not retained, as the hit before it.
        @inline(__always) func build(_ context: inout ResolutionContext) throws(DIError) -> T {
            unsafe try exposed.buildWithObject { (exposed) throws(DIError) in try exposed.instance(in: &context) }
        }
        return try withContext(callerIsolation: callerIsolation, build)
    }

    /// Whether a `T` is one object reference (a class type, or a class-bound existential
    /// without witness tables, such as `AnyObject`); folded where `T` is known, `false` where
    /// it is not.
    @inlinable @inline(__always) func isObjectReference<T>(_: T.Type) -> Bool {
        _canBeClass(T.self) == 1 && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    /// Builds the `T` that `build` makes of `bits` as a top-level resolve compiled once.
    ///
    /// `bits` are a component's or a candidate's word, which this container keeps; the
    /// resolve around the build is ``buildTopLevel(_:_:_:)``, compiled once for every type,
    /// so that a resolved class type compiles its instance's build only
    /// (`Benchmarks/compile-time.sh --per-type`). Only for a `T` that ``isObjectReference(_:)``.
    @inlinable @inline(__always) func buildObject<T>(
        _ bits: UInt, _ callerIsolation: (any Actor)?, _ build: (UInt, inout ResolutionContext) throws(DIError) -> AnyObject
    ) throws(DIError) -> T {
        unsafe UnsafeInstanceBoxing.unbox(try buildTopLevel(bits, callerIsolation, build), as: T.self, isReferenceType: true)
    }

    /// Runs `build(bits, context)` as a top-level resolve, as ``withContext(session:callerIsolation:reporting:_:)``
    /// does; the observers are told it resolved the ``AnyCandidate/resolvedType`` of the
    /// candidate whose word is `bits` (`ObserverTests.observerSeesRegistrationsCreationsAndResolves`).
    @usableFromInline @inline(never) func buildTopLevel(
        _ bits: UInt, _ callerIsolation: (any Actor)?, _ build: (UInt, inout ResolutionContext) throws(DIError) -> AnyObject
    ) throws(DIError) -> AnyObject {
        try withContext(callerIsolation: callerIsolation, reporting: bits) { (context) throws(DIError) in try build(bits, &context) }
    }

    /// Builds a `T` from this container's `entry` for it when that is not a lone component.
    ///
    /// Not specialized for the caller's type, so that a resolved type compiles one build, the
    /// lone component's (`Benchmarks/compile-time.sh`): a type with several components or
    /// exposed as another pays generic code here when the resolve is not a cache hit. Its
    /// answer is the specialized lookup's (`RegisterTests.exposesAComponentAsAProtocol`,
    /// `RegisterTests.defaultSettlesSeveralComponents`).
    @usableFromInline func build<T>(_ type: T.Type, through entry: TypeEntry, callerIsolation: (any Actor)?) throws(DIError) -> T {
        try withContext(callerIsolation: callerIsolation) { (context) throws(DIError) -> T in
            try context.resolve(T.self, through: entry)
        }
    }

    /// Resolves the `T` registered with `name`, or throws why it cannot.
    ///
    /// `isolation` is the caller's actor; leave the default. On the main actor, main-actor
    /// components are built inline.
    public func resolve<T>(_ type: T.Type, name: String, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        try resolve(T.self, qualifier: .name(name), callerIsolation: isolation)
    }

    /// Resolves the `T` registered with `name`, or returns `nil`.
    ///
    /// `isolation` is the caller's actor; leave the default. A `nil` from a registered
    /// component that fails is reported as ``resolve(isolation:)`` reports it.
    public func resolve<T>(name: String, isolation: isolated (any Actor)? = #isolation) -> T? {
        do {
            return try resolve(T.self, name: name, isolation: isolation)
        } catch {
            _reportNil(for: T.self, error)
            return nil
        }
    }

    /// Resolves the `T` tagged with `tag`, or throws why it cannot.
    ///
    /// `isolation` is the caller's actor; leave the default. On the main actor, main-actor
    /// components are built inline.
    public func resolve<T, Tag>(_ type: T.Type, tag: Tag.Type, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> T {
        try resolve(T.self, qualifier: Qualifier(tag: tag), callerIsolation: isolation)
    }

    /// Resolves the `T` that carries every one of the given tags, or throws why it cannot.
    ///
    /// ```swift
    /// container.register { Database(url: "eu") }.tagged(Primary.self).tagged(Europe.self)
    /// let db = try container.resolve(Database.self, tags: Primary.self, Europe.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - first: The first tag the component must carry.
    ///   - rest: The other tags the component must all carry (it may carry others too).
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The one component with all the tags, or the default among several.
    /// - Throws: ``DIError``: ``DIError/Code-swift.struct/notRegistered`` when no component
    ///   carries them all, ``DIError/Code-swift.struct/ambiguous`` when several do.
    public func resolve<T, First, each Rest>(
        _ type: T.Type,
        tags first: First.Type,
        _ rest: repeat (each Rest).Type,
        isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(T.self, qualifier: Qualifier(tags: first, repeat each rest), callerIsolation: isolation)
    }

    /// Resolves the `T` registered with the name `Key.name`, or throws why it cannot.
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - name: The name's type (see ``DIName``).
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The named component's instance.
    /// - Throws: ``DIError``, naming the type, the name and the resolution path.
    public func resolve<T, Key: DIName>(
        _ type: T.Type, named name: Key.Type, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(T.self, qualifier: .name(Key.name), callerIsolation: isolation)
    }

    /// Resolves every component of `T`: this container's, then its upstream's.
    ///
    /// `isolation` is the caller's actor; leave the default.
    public func resolveAll<T>(_ type: T.Type, isolation: isolated (any Actor)? = #isolation) throws(DIError) -> [T] {
        try resolve([T].self, isolation: isolation)
    }

    /// Resolves with a getter recorded at registration, as `Lazy` and `Provider` do later
    /// (with the session that sees the `.objectGraph` instances of the resolve that made them).
    // NB: out of line, the awaited door's synchronous fallback: inlined there, the top-level
    // resolve's locals would enlarge the async frame of every awaited resolve.
    @inline(never) func resolve<T>(with getter: DependencyGetter<T>, session: ResolutionSession? = nil) throws(DIError) -> T {
        try withContext(session: session) { (context) throws(DIError) -> T in
            try getter.get(&context)
        }
    }
}

extension DIContainer {
    /// A top-level resolve timed and reported to the observers; out of line, so the
    /// unobserved resolve carries none of it.
    @usableFromInline @inline(never) func observedResolve<R>(
        in context: inout ResolutionContext,
        slot: ActiveResolveSlot,
        reporting candidate: UInt,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let start = ContinuousClock.now
        let type: Any.Type = candidate == 0 ? R.self : unsafe UnsafeObjectWord<AnyCandidate>(bits: candidate).withObject { $0.resolvedType }
        unsafe context.sharedSession().observedBy = self
        do throws(DIError) {
            let value = unsafe try context.runTopLevel(in: slot, body)
            reportResolve(type, since: start, error: nil)
            return value
        } catch {
            reportResolve(type, since: start, error: error)
            throw error
        }
    }

    /// Runs `body` with the context of a top-level resolve, its path in a stack buffer, then
    /// runs the property injections it scheduled.
    ///
    /// A resolve started while another is in progress on this thread (inside a factory)
    /// joins that one instead: the same path, the same shared instances, this container's
    /// point of view.
    ///
    /// The context points into the stack buffer: `body` must not let it escape. The observers
    /// are told it resolved `R`, or the ``AnyCandidate/resolvedType`` of the candidate whose
    /// word is `candidate` when that is not 0.
    // NB: always inlined, so that ``buildTopLevel(_:_:_:)`` is one function.
    @inlinable @inline(__always) func withContext<R>(
        session: ResolutionSession? = nil,
        callerIsolation: (any Actor)? = nil,
        reporting candidate: UInt = 0,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let slot = unsafe ActiveResolveSlot.current
        if unsafe slot.isJoinable {
            return unsafe try join(slot, session: session, body)
        }
        // `canBeClass` is 2 ("not known") only where `R` is not known: in the copy of this
        // code not specialized for the caller's type, where the state is a zeroed value;
        // specialized code folds the test away and keeps the uninitialized buffer.
        if _canBeClass(R.self) == 2 {
            return try ResolutionContext.withZeroedState(
                origin: self, session: session, callerIsolation: callerIsolation, stackLimit: unsafe slot.stackLimit()
            ) { (context) throws(DIError) -> R in unsafe try topLevel(&context, slot: slot, reporting: candidate, body) }
        }
        return try ResolutionContext.withStackState(
            origin: self, session: session, callerIsolation: callerIsolation, stackLimit: unsafe slot.stackLimit()
        ) { (context) throws(DIError) -> R in unsafe try topLevel(&context, slot: slot, reporting: candidate, body) }
    }

    /// Runs `body` as the top-level resolve of `context`, published in `slot`.
    @inlinable @inline(__always) func topLevel<R>(
        _ context: inout ResolutionContext,
        slot: ActiveResolveSlot,
        reporting candidate: UInt,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        if _slowPath(context.isObserved) { return unsafe try observedResolve(in: &context, slot: slot, reporting: candidate, body) }
        return unsafe try context.runTopLevel(in: slot, body)
    }

    /// Runs `body` as part of the resolve in progress on this thread, from this container's
    /// point of view.
    @usableFromInline func join<R>(
        _ slot: ActiveResolveSlot,
        session: ResolutionSession?,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        unsafe try slot.joining { (active) throws(DIError) -> R in
            if let building = active.requester { building.recordDynamicResolution() }
            guard let session, unsafe !session.arguments.isEmpty || !session.addressedArguments.isEmpty else {
                return try active.withOrigin(self, body)
            }
            return unsafe try active.withArguments(session.arguments, addressed: session.addressedArguments, origin: self, body)
        }
    }
}

extension ComponentBox {
    /// The instance for a top-level resolve whose hit found none kept, as one object reference.
    ///
    /// Of the component whose word is `bits` (borrowed), for a `T` that
    /// ``DIContainer/isObjectReference(_:)`` only (``DIContainer/buildObject(_:_:_:)``): as
    /// ``instance(in:)``, without reading the slot again.
    @inlinable @inline(__always)
    static func topLevelObject(_ bits: UInt, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        unsafe try UnsafeObjectWord<ComponentBox>(bits: bits).buildWithObject { (box) throws(DIError) -> AnyObject in
            if box.isPrototype { return unsafe UnsafeInstanceBoxing.box(try box.make(in: &context), isReferenceType: true) }
            return try box.lifetimeObject(in: &context)
        }
    }

    /// The instance of a component that is not `.prototype`, as one object reference.
    ///
    /// From its lifetime's strategy: the kept object of a class type, unboxed for a class-bound
    /// existential such as `AnyObject`, whose are boxed
    /// (`TopLevelResolveTests.anyObjectComponentResolvesToItsInstance`). Out of line and not
    /// specialized, so that a resolved type compiles no strategy call. Only for a `T` that
    /// ``DIContainer/isObjectReference(_:)``.
    @usableFromInline @inline(never) func lifetimeObject(in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if isolation == .mainActorBound { try context.requireMainActorBound(self) }
        let object = try _strategyBox.instance(of: self, in: &context)
        return isReferenceType ? object : unsafe UnsafeInstanceBoxing.box(recover(object), isReferenceType: true)
    }
}

extension Candidate {
    /// ``ComponentBox/topLevelObject(_:in:)`` of the candidate whose word is `bits`: its
    /// conversion's instance, for a `T` that ``DIContainer/isObjectReference(_:)`` only.
    @inlinable @inline(__always)
    static func topLevelObject(_ bits: UInt, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        unsafe try UnsafeObjectWord<Candidate>(bits: bits).buildWithObject { (candidate) throws(DIError) in
            unsafe UnsafeInstanceBoxing.box(try candidate._make(&context), isReferenceType: true)
        }
    }
}
