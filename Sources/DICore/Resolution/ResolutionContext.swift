import Synchronization

/// The state of one top-level resolve, passed `inout` down the whole graph.
///
/// It lives on the stack: the path of components being built is kept in a buffer the
/// top-level resolve allocates on its stack (spilling to the heap only when it is full), and
/// the heap part (``ResolutionSession``) is made only when something needs it (an
/// `.objectGraph` instance, a property injection). Lifetime strategies use it to reach the
/// per-resolve session and to build an instance as another container sees the graph.
///
/// - Warning: A context must not escape the call it is passed to (`inout`, never stored,
///   never captured by an escaping closure or a task): it points into the top-level resolve's
///   stack buffer and borrows its container and components without retaining them, all valid
///   only until that resolve returns. What must outlive the resolve (a `Lazy`, a `Provider`)
///   keeps what it needs from it (the container, the session), never the context.
@usableFromInline
package struct ResolutionContext {
    /// The container whose registrations answer lookups (the one the resolve started from,
    /// unless a strategy switched it with ``withOrigin(_:_:)``).
    // NB: unowned(unsafe): the caller of the top-level resolve holds the container, and the
    // context never outlives that call. A strong reference would put a shared reference count
    // on every resolve.
    @usableFromInline
    unowned(unsafe) var origin: DIContainer
    /// How many components are being built.
    @usableFromInline
    var depth = 0
    /// The components being built, outermost first: the first `frameCapacity` of them (the
    /// rest, if any, are in the session's `deepPath`).
    // NB: a pointer into the top-level resolve's stack buffer (hence the context must not
    // escape), of unretained components: each is held by its container's binding, and the
    // resolve holds the container, for as long as it is on the path.
    @usableFromInline
    let frames: UnsafeMutablePointer<Unmanaged<Component>>?
    /// How many components `frames` holds: all the stack buffer, or none without one.
    @inlinable
    var frameCapacity: Int { frames == nil ? 0 : Self.stackFrames }
    /// The per-resolve heap state, made on first need.
    @usableFromInline
    var session: ResolutionSession?
    /// The first instance shared within this resolve (`.objectGraph`), kept here so that a
    /// graph with one shared component needs no session; the others go to the session.
    // NB: unmanaged, retained by hand and released by `releaseFirstShared()` when the
    // top-level resolve ends: a strong reference would make every context copy and
    // destroy itself through value witnesses.
    @usableFromInline
    var firstShared: Unmanaged<AnyObject>?
    @usableFromInline
    var firstSharedID = -1
    /// The caller's isolation and whether anyone observes, in one byte.
    ///
    /// Bit 0: the caller of the top-level resolve is isolated to the main actor, so main-actor
    /// factories may run inline. Bit 1: the container the resolve started from has an
    /// observer, so builds report. One byte: a larger context is copied through value
    /// witnesses.
    @usableFromInline
    let flags: UInt8

    /// Whether the caller of the top-level resolve is isolated to the main actor.
    @inlinable
    var isOnMainActor: Bool { flags & 1 != 0 }

    /// Whether the container the resolve started from has an observer, read once per
    /// context: builds then report.
    @inlinable
    var isObserved: Bool { flags & 2 != 0 }

    /// Past this depth every step checks the path for a repetition: a cycle keeps going
    /// deeper, so it is caught there, never a stack overflow.
    @usableFromInline
    static let cycleCheckDepth = 32

    /// How many components one resolve may build inside one another: a deeper graph fails
    /// with ``DIError/Code-swift.struct/tooDeep`` instead of overflowing the stack.
    ///
    /// Chosen so that a chain of initializers this deep fits in three quarters of an 8 MB
    /// stack (a `Task`'s, a thread's, the main thread's on Linux) in debug and sanitizer
    /// builds. Heavier frames (nested resolves, large factories) meet the second guard first:
    /// a resolve also stops once three quarters of its thread's stack are used.
    static let maxDepth = 500

    /// How many components a top-level resolve keeps on its stack before spilling to the heap.
    @usableFromInline
    static let stackFrames = 32

    /// A context whose path lives in `frames` (a top-level resolve's stack buffer), or on the
    /// heap without them (an awaited resolve, whose context crosses suspension points).
    @inlinable
    init(
        origin: DIContainer,
        session: ResolutionSession? = nil,
        callerIsolation: (any Actor)? = nil,
        frames: UnsafeMutableBufferPointer<Unmanaged<Component>>? = nil
    ) {
        self.origin = origin
        self.session = session
        let onMainActor: UInt8 = callerIsolation.map { $0 === MainActor.shared } ?? false ? 1 : 0
        self.flags = onMainActor | (origin.isObserved.load(ordering: .relaxed) ? 2 : 0)
        self.frames = frames?.baseAddress
        assert(frames == nil || frames!.count >= Self.stackFrames)
    }

    /// An error of the component being built (its factory failed, or it cannot be built
    /// synchronously): the component is the requested type, so it is not on the path again.
    func errorOfCurrentComponent(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        DIError(reason, requested: type, path: Array(path.dropLast()))
    }

    /// The instance an awaited resolve prepared for `component`, if any: a `.prototype`
    /// component's instance is used once, any other's for the whole resolve.
    @usableFromInline
    mutating func takePrepared(_ component: Component) -> AnyObject? {
        guard let session, var queue = session.prepared[component.registrationID], !queue.isEmpty else { return nil }
        guard component.lifetime.isPrototype else { return queue[0] }
        let first = queue.removeFirst()
        session.prepared[component.registrationID] = queue
        return first
    }

    /// The per-resolve session, made if it does not exist yet.
    package mutating func sharedSession() -> ResolutionSession {
        if let session { return session }
        let made = ResolutionSession()
        session = made
        return made
    }

    /// The component whose factory is asking for a dependency, if any.
    var requester: Component? {
        depth == 0 ? nil : component(at: depth - 1).takeUnretainedValue()
    }

    /// The component at `index` of the path, outermost first.
    func component(at index: Int) -> Unmanaged<Component> {
        index < frameCapacity ? frames.unsafelyUnwrapped[index] : session.unsafelyUnwrapped.deepPath[index - frameCapacity]
    }

    /// Puts `component` on the path, as it is being built.
    ///
    /// Past ``cycleCheckDepth`` it first checks that the component is not being built already.
    @inlinable @inline(__always)
    mutating func push(_ component: Component) throws(DIError) {
        if depth < Self.cycleCheckDepth && depth < frameCapacity {
            frames.unsafelyUnwrapped[depth] = Unmanaged.passUnretained(component)
            depth += 1
        } else {
            try pushChecked(component)
        }
    }

    /// Takes the innermost component off the path.
    @inlinable @inline(__always)
    mutating func pop() {
        depth -= 1
        if depth >= frameCapacity { session.unsafelyUnwrapped.deepPath.removeLast() }
    }

    /// Puts `component` on the path past ``cycleCheckDepth`` (or without stack frames),
    /// after checking it is not being built already.
    @usableFromInline
    mutating func pushChecked(_ component: Component) throws(DIError) {
        if depth >= Self.cycleCheckDepth { try checkNotBuilding(component) }
        if depth >= Self.maxDepth || _ActiveResolve.stackIsNearlyExhausted() {
            throw DIError(.tooDeep(limit: Self.maxDepth), requested: component.type, path: path)
        }
        if depth < frameCapacity {
            frames.unsafelyUnwrapped[depth] = Unmanaged.passUnretained(component)
        } else {
            sharedSession().deepPath.append(Unmanaged.passUnretained(component))
        }
        depth += 1
    }

    /// Runs `body` with `component` on the resolution path, failing if it is already there.
    @inlinable
    mutating func entering<R>(
        _ component: Component,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        try push(component)
        defer { pop() }
        return try body(&self)
    }

    /// Throws a cycle error if `component` is already being built on this path.
    ///
    /// Caching lifetimes' gate catches a cached cycle when the resolve claims a build it owns;
    /// every step past ``cycleCheckDepth`` calls this, so an uncached cycle (`.prototype`,
    /// `.objectGraph` before its instance exists) ends as an error too.
    ///
    /// The error lists each step of the cycle once: a `.prototype` cycle is noticed only
    /// after several laps, so the error shows the way into the cycle and its first lap.
    func checkNotBuilding(_ component: Component) throws(DIError) {
        // NB: only an address, compared with the path's; never dereferenced.
        let target = Unmanaged.passUnretained(component).toOpaque()
        var last = depth - 1
        while last >= 0 && self.component(at: last).toOpaque() != target { last -= 1 }
        guard last >= 0 else { return }
        // The path repeats with period `lap` from `start` on: find where the first lap began.
        let lap = depth - last
        func step(_ index: Int) -> UnsafeMutableRawPointer {
            index == depth ? target : self.component(at: index).toOpaque()
        }
        var start = last
        while start > 0 && step(start - 1) == step(start - 1 + lap) { start -= 1 }
        let way = (0..<(start + lap)).map { self.component(at: $0).takeUnretainedValue() }
        let first = way[start]
        let cycle = way[start...].map(\.info) + [first.info]
        throw DIError(.cycle(cycle), requested: first.type, path: way.map(\.info))
    }

    /// The identifier of this resolve in the build gate's wait-for graph, made on first need
    /// (a build claimed), so resolves that build nothing cached never make one.
    mutating func resolveID() -> Int {
        let session = sharedSession()
        if session.resolveID == 0 {
            session.resolveID = BuildGate.shared.beginResolve()
            session.endsResolve = true
        }
        return session.resolveID
    }

    /// The error of a claim that would wait for itself: `chain` are the builds from the one
    /// asked for to one this resolve (or one that waits for it) is making.
    func cycleError(_ chain: [Component], requested component: Component) -> DIError {
        error(.cycle(BuildGate.steps(chain, path: path)), requested: component.type)
    }

    /// Ends what the resolve started in the build gate; the top-level resolve calls it last.
    @usableFromInline
    func endResolve() {
        if let session, session.endsResolve { BuildGate.shared.endResolve(session.resolveID) }
    }

    /// Runs `body` with this context as the resolve in progress on this thread (whose slot is
    /// `slot`), so that a resolve started inside a factory joins it.
    @inlinable
    mutating func published<R>(
        in slot: UnsafeMutablePointer<_ActiveResolve.Slot>,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        try withUnsafeMutablePointer(to: &self) { (pointer) throws(DIError) -> R in
            let previous = slot.pointee.active
            slot.pointee.active = pointer
            defer { slot.pointee.active = previous }
            return try body(&pointer.pointee)
        }
    }

    /// Runs `body` with this context as the resolve in progress on this thread.
    @inlinable
    mutating func published<R>(_ body: (inout ResolutionContext) throws(DIError) -> R) throws(DIError) -> R {
        try published(in: _ActiveResolve.slot(), body)
    }

    /// Runs `body` with `arguments` as the arguments of the component it resolves, and
    /// `addressed` added to the arguments addressed by type, in a resolve that joined this one.
    mutating func withArguments<R>(
        _ arguments: [Any],
        addressed: [DIArguments],
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let session = sharedSession()
        let saved = (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments)
        session.arguments = arguments
        session.argumentCursors = [:]
        session.argumentDepth = depth + 1
        session.addressedArguments += addressed
        defer {
            (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments) = saved
        }
        return try body(&self)
    }

    /// Runs `body` with lookups answered by `container`, as a component cached in that
    /// container must be built (the hierarchy's rule for `.perContainer`).
    ///
    /// Instances shared within the resolve (`.objectGraph`) are kept per point of view: what
    /// `body` builds neither reuses nor leaves behind an instance built as another container
    /// sees the graph, so an instance cached in a parent never depends on which child asked.
    mutating func withOrigin<R>(
        _ container: DIContainer,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let saved = origin
        if container === saved { return try body(&self) }
        spillFirstShared()
        session?.switchSharedInstances(from: saved, to: container)
        origin = container
        defer {
            spillFirstShared()
            origin = saved
            session?.switchSharedInstances(from: container, to: saved)
        }
        return try body(&self)
    }

    /// Moves the shared instance kept in the context to the session, which keeps the shared
    /// instances of each point of view apart.
    mutating func spillFirstShared() {
        guard let first = firstShared else { return }
        _ = sharedSession().share(first.takeRetainedValue(), for: firstSharedID)
        firstShared = nil
        firstSharedID = -1
    }

    /// Releases the shared instance kept in the context; the top-level resolve calls it last.
    @inlinable
    mutating func releaseFirstShared() {
        if let first = firstShared {
            firstShared = nil
            first.release()
        }
    }

    /// The `.objectGraph` instances of this resolve, for a `Lazy` or `Provider` it makes:
    /// what is shared so far, and what is shared after.
    mutating func sharedGraph() -> SharedGraph {
        spillFirstShared()
        let session = sharedSession()
        if let graph = session.graph { return graph }
        let graph = SharedGraph()
        graph.record(session, origin: origin)
        session.graph = graph
        return graph
    }

    /// An error about `type` at the current point of the path.
    func error(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        DIError(reason, requested: type, path: path)
    }

    /// The next argument for an `Argument<Value>` parameter of the component being built:
    /// from the arguments addressed to its type, else, for the component the resolve asks
    /// for, from the resolve's own arguments.
    mutating func takeArgument<Value>(_ type: Value.Type) throws(DIError) -> Value {
        guard let component = requester else {
            throw error(.argumentMismatch("an Argument is only a parameter of a component"), requested: Value.self)
        }
        let session = sharedSession()
        let given: [Any]
        if let addressed = session.addressedArguments.last(where: { $0.address(component) }) {
            given = addressed.values.values
        } else if depth == session.argumentDepth && !session.buildsBelowTop {
            given = session.arguments
        } else {
            throw errorOfCurrentComponent(
                .argumentMismatch(
                    "it takes an Argument (\(String(reflecting: Value.self))) below the top of the graph; address it with "
                        + "arguments: .for(\(String(reflecting: component.type)).self, ...)"),
                requested: component.type)
        }
        // Each build takes its arguments from the first: the cursor wraps after the last.
        let index = session.argumentCursors[component.registrationID] ?? 0
        guard index < given.count else {
            throw errorOfCurrentComponent(
                .argumentMismatch("argument \(index + 1) (\(String(reflecting: Value.self))) is missing; \(given.count) given"),
                requested: component.type)
        }
        guard let value = given[index] as? Value else {
            throw errorOfCurrentComponent(
                .argumentMismatch(
                    "argument \(index + 1) must be \(String(reflecting: Value.self)), not \(String(reflecting: Swift.type(of: given[index])))"
                ),
                requested: component.type)
        }
        let next = index + 1
        session.argumentCursors[component.registrationID] = next == component.argumentCount ? nil : next
        return value
    }

    /// The error of a factory that returned `nil`: the component is not available, as if it
    /// were not registered (so `T?` becomes `nil` and `[T]` leaves it out).
    @usableFromInline
    func unavailableError(requested type: Any.Type) -> DIError {
        errorOfCurrentComponent(
            .notRegistered(qualifier: nil, hint: "Its factory returned nil: it is not available."), requested: type)
    }

    /// Whether `error` says that a component met at this point of the path is not available
    /// (its factory returned `nil`) or not registered, rather than something deeper failing.
    func isUnavailableHere(_ error: DIError) -> Bool {
        error.code == .notRegistered && error.path.count == depth
    }

    /// The error of a factory that threw `error`: a ``DIError`` (from a dependency) as it is,
    /// any other error as ``DIError/Code-swift.struct/factoryFailed`` of the component being built.
    @usableFromInline
    func factoryError(_ error: any Error, requested type: Any.Type) -> DIError {
        if let error = error as? DIError { return error }
        return errorOfCurrentComponent(.factoryFailed(error), requested: type)
    }

    /// Schedules the property injections and post-initialization actions of a new instance
    /// for the end of the top-level resolve.
    @usableFromInline
    mutating func scheduleInjections<T>(_ injections: [Injection<T>], into value: T, of component: Component) {
        let session = sharedSession()
        for injection in injections {
            var pending = PendingInjection(component: component, origin: origin)
            if let apply = injection.apply {
                pending.run = { (context: inout ResolutionContext) throws(DIError) in try apply(value, &context) }
            }
            if let applyAsync = injection.applyAsync {
                // NB: the instance is the one this resolve built, handed to its own awaited action.
                let instance = UncheckedInstance(value)
                pending.runAsync = { (context: inout ResolutionContext) async throws(DIError) in
                    try await applyAsync(instance.value, &context)
                }
            }
            switch injection.stage {
            case .property: session.pendingInjections.append(pending)
            case .postInit: session.pendingPostInits.append(pending)
            }
        }
    }

    /// The next scheduled action: a property injection while any is left, then a
    /// post-initialization action (which may schedule more of both).
    private mutating func nextPending() -> PendingInjection? {
        guard let session else { return nil }
        if !session.pendingInjections.isEmpty { return session.pendingInjections.removeFirst() }
        if !session.pendingPostInits.isEmpty { return session.pendingPostInits.removeFirst() }
        return nil
    }

    /// Runs the scheduled property injections, then the post-initialization actions,
    /// including those they schedule.
    @usableFromInline
    mutating func finish() throws(DIError) {
        while let pending = nextPending() {
            try run(pending)
        }
    }

    /// Runs one scheduled synchronous action (an async one fails: the resolve is not awaited).
    private mutating func run(_ pending: PendingInjection) throws(DIError) {
        // The injected object's component stands on the path, so errors show who asked;
        // its properties come from the graph it was built in (a parent's, for an instance
        // cached in the parent).
        try withOrigin(pending.origin) { (context: inout ResolutionContext) throws(DIError) in
            try context.entering(pending.component) { (context: inout ResolutionContext) throws(DIError) in
                guard let run = pending.run else {
                    throw context.errorOfCurrentComponent(
                        .requiresAsync("it has an async property injection or postInit; resolve it with `try await`"),
                        requested: pending.component.type)
                }
                try run(&context)
            }
        }
    }

    /// Runs the scheduled actions as ``finish()`` does, awaiting the async ones: the awaited
    /// resolve's end.
    mutating func finishAwaiting() async throws(DIError) {
        while let pending = nextPending() {
            guard let runAsync = pending.runAsync else {
                // Published on this thread while it runs, as a synchronous resolve is.
                try published { (context) throws(DIError) in try context.run(pending) }
                continue
            }
            let saved = origin
            switchOrigin(to: pending.origin)
            do {
                try push(pending.component)
                defer { pop() }
                try await runAsync(&self)
            } catch {
                switchOrigin(to: saved)
                throw error
            }
            switchOrigin(to: saved)
        }
    }

    /// Makes `container` the origin, keeping the shared instances of each point of view apart
    /// as ``withOrigin(_:_:)`` does.
    private mutating func switchOrigin(to container: DIContainer) {
        guard container !== origin else { return }
        spillFirstShared()
        session?.switchSharedInstances(from: origin, to: container)
        origin = container
    }
}

/// The heap part of a top-level resolve: made only when a component needs it.
@usableFromInline
package final class ResolutionSession {
    // NB: @exclusivity(unchecked) on every stored property: a session belongs to one resolve on
    // one thread, and the dynamic exclusivity checks cost more than the accesses they guard.
    /// Instances shared within this resolve, by registration (`.objectGraph` uses it), as the
    /// current origin sees the graph (see ``ResolutionContext/withOrigin(_:_:)``).
    @exclusivity(unchecked) package var sharedInstances = SharedInstances()
    /// Where a top-level request is made from, for the ambiguity resolvers (such as a
    /// framework, for `resolve(_:from:)`).
    @exclusivity(unchecked) var viewpoint: (any Sendable)?
    /// The observed container the resolve started from, told of every instance it creates.
    @exclusivity(unchecked) var observedBy: DIContainer?
    /// The arguments given to the resolve, for the `Argument` parameters of its root component.
    @exclusivity(unchecked) var arguments: [Any] = []
    /// The arguments given to the resolve for the components of a type, wherever they are.
    @exclusivity(unchecked) var addressedArguments: [DIArguments] = []
    /// Whether an awaited resolve is building, ahead of its synchronous pass, a component below
    /// the top of the graph (its context's path starts at that component).
    @exclusivity(unchecked) var buildsBelowTop = false
    /// How many arguments the build in progress of each component has taken, by registration.
    @exclusivity(unchecked) var argumentCursors: [Int: Int] = [:]
    /// The depth of the component that takes `arguments`: 1, or deeper in a joined resolve.
    @exclusivity(unchecked) var argumentDepth = 1
    /// The resolve's identifier in the build gate's wait-for graph; `0` until it claims a build.
    @exclusivity(unchecked) var resolveID = 0
    /// Whether this resolve made `resolveID` and must end it.
    @exclusivity(unchecked) var endsResolve = false
    /// The resolution path past the context's stack frames.
    // NB: unretained, as the context's `frames`: a component on the path outlives its entry.
    @usableFromInline @exclusivity(unchecked) var deepPath: [Unmanaged<Component>] = []
    /// Instances an awaited resolve built ahead of the synchronous pass, by registration.
    @exclusivity(unchecked) var prepared: [Int: [AnyObject]] = [:]
    /// Property injections to run once the instance graph exists.
    @exclusivity(unchecked) var pendingInjections: [PendingInjection] = []
    /// Post-initialization actions to run once every property injection has run.
    @exclusivity(unchecked) var pendingPostInits: [PendingInjection] = []
    /// The shared instances of the points of view not current, by container.
    @exclusivity(unchecked) var stashedSharedInstances: [ObjectIdentifier: SharedInstances] = [:]
    /// The shared instances kept for the `Lazy` and `Provider` values this resolve made.
    @exclusivity(unchecked) var graph: SharedGraph?

    /// The instance shared within this resolve for the registration `id`, if any.
    func sharedInstance(for id: Int) -> AnyObject? {
        sharedInstances[id]
    }

    /// Shares `object` within this resolve for the registration `id`, unless one is shared
    /// already; returns the one shared.
    func share(_ object: AnyObject, for id: Int) -> AnyObject {
        if let shared = sharedInstances[id] { return shared }
        sharedInstances[id] = object
        return object
    }

    /// Puts away `sharedInstances` as `old`'s and takes out `new`'s (empty if it has none).
    func switchSharedInstances(from old: DIContainer, to new: DIContainer) {
        let stashed = stashedSharedInstances.removeValue(forKey: ObjectIdentifier(new)) ?? SharedInstances()
        if !sharedInstances.isEmpty { stashedSharedInstances[ObjectIdentifier(old)] = sharedInstances }
        sharedInstances = stashed
    }
}

/// A property injection or post-initialization action waiting for the end of the top-level
/// resolve.
struct PendingInjection {
    let component: Component
    /// The container whose point of view built the instance.
    let origin: DIContainer
    /// The synchronous action, if it is one.
    var run: ((inout ResolutionContext) throws(DIError) -> Void)?
    /// The async action, if it is one.
    var runAsync: ((inout ResolutionContext) async throws(DIError) -> Void)?

    init(component: Component, origin: DIContainer) {
        self.component = component
        self.origin = origin
    }
}

/// An instance handed to an async action of the resolve that built it.
// NB: @unchecked: the awaited resolve that built the instance runs the action in its own task,
// before it returns the instance to anyone.
struct UncheckedInstance<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
