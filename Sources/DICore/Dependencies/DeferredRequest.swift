/// What a `Lazy` or `Provider` resolves when it is read, and as part of which resolve.
///
/// Made by a resolve, it keeps what that resolve would have used: the container whose point
/// of view the wrapper was made from, the getter of its value, the resolve's `.objectGraph`
/// instances (``SharedGraph``), and the arguments the value's component would have taken
/// there (see ``ResolutionContext/deferredArguments()``). A read is a top-level resolve with
/// all of that, or, inside another resolve on the same thread, part of that resolve (its path,
/// for cycles and errors) within the request's own graph and arguments
/// (``ResolutionContext/withDeferred(graph:origin:arguments:addressed:_:)``).
///
/// It holds its container weakly: a kept `Lazy` or `Provider` (in a cached instance, say)
/// does not keep a child container per request alive. A read after the container is gone is
/// a `.notRegistered` error whose hint says so (`liveContainer()`;
/// `DeferredContainerReleaseTests`).
struct DeferredRequest<Value>: Sendable {
    private let containerReference: WeakContainer
    /// The container whose point of view the request resolves from, while it lives.
    var container: DIContainer? { containerReference.container }
    let getter: DependencyGetter<Value>
    /// The `.objectGraph` instances of the resolve that made the request; `nil` for a new
    /// graph (a `Lazy` forgets its graph once read).
    var graph: SharedGraph?
    /// The arguments for the component the request resolves.
    // NB: UnsafeTransfer: the arguments a caller gave the resolve that made the wrapper go
    // to the factories of its reads, on the thread that reads it, as a cached instance goes to
    // every thread that asks for it.
    let arguments: UnsafeTransfer<[Any]>
    /// The arguments addressed to the components of a type.
    let addressed: [DIArguments]

    /// The getter of a `Lazy` or `Provider` (`shape`) of `Value` at `position`: `wrap` makes
    /// one of a request for `Value` from the resolve in progress.
    static func getter<Wrapper>(
        in position: DependencyPosition, _ shape: Dependency.Wrapper, _ wrap: @escaping @Sendable (DeferredRequest<Value>) -> Wrapper
    ) -> DependencyGetter<Wrapper> {
        let inner = DependencyGetter<Value>.make(in: position.inside())
        if let problem = inner.dependency.problem { return .meaningless(inner.dependency.wrapped(in: shape), problem) }
        return .wrapping(inner, as: inner.dependency.wrapped(in: shape)) { inner in
            { (context) throws(DIError) -> Wrapper in wrap(DeferredRequest(getter: inner, in: &context)) }
        }
    }

    /// The same request with the arguments of a call: its own arguments replace the
    /// request's, its addressed ones are added to the request's (and win over them).
    func calling(with values: [Any]) throws(DIError) -> DeferredRequest {
        let given = try liveContainer().argumentSession(for: getter.dependency, requested: Value.self, values)
        return unsafe DeferredRequest(
            containerReference: containerReference, getter: getter, graph: graph,
            arguments: given.arguments.isEmpty ? arguments : UnsafeTransfer(given.arguments),
            addressed: addressed + given.addressedArguments)
    }

    /// Runs `body` as the request's resolve: inside the resolve in progress on this thread if
    /// there is one, else as a top-level resolve from a caller with `callerIsolation`.
    func run<R>(callerIsolation: (any Actor)?, _ body: (inout ResolutionContext) throws(DIError) -> R) throws(DIError) -> R {
        let container = try liveContainer()
        let slot = unsafe ActiveResolveSlot.current
        if unsafe slot.isJoinable {
            return unsafe try slot.joining { (active) throws(DIError) -> R in
                try active.withDeferred(graph: graph, origin: container, arguments: arguments.value, addressed: addressed, body)
            }
        }
        return try container.withContext(session: session(startingAt: container), callerIsolation: callerIsolation, body)
    }

    /// Resolves the value.
    func resolve(callerIsolation: (any Actor)?) throws(DIError) -> Value {
        try run(callerIsolation: callerIsolation) { (context) throws(DIError) -> Value in try getter.get(&context) }
    }

    /// Resolves the value with an awaited resolve.
    nonisolated(nonsending) func resolveAwaiting() async throws(DIError) -> Value {
        let container = try liveContainer()
        return try await container.resolveAwaiting(with: getter, session: session(startingAt: container))
    }

    /// The component a read resolves, if one alone fits: what a read waiting for another
    /// thread's first read of the same `Lazy` reports it waits for
    /// (`SlowBuildTests.aWaitForALazysFirstReadIsReported`).
    func component() -> DIComponentInfo? {
        if let pinned = getter.pinnedCandidate?.component { return pinned.info }
        guard let container else { return nil }
        let found = ResolutionContext.lookUp(getter.dependency, requester: nil, from: container).components
        return found.count == 1 ? found[0].info : nil
    }

    /// The container, or the error of a read after it is gone: `.notRegistered`, as nothing
    /// answers the request any more.
    private func liveContainer() throws(DIError) -> DIContainer {
        if let container { return container }
        throw DIError(
            .notRegistered(
                qualifier: getter.dependency.qualifier?.description,
                hint: "Its container is gone: a Lazy or Provider does not keep the container it was made from alive; "
                    + "keep the container as long as you read it."),
            requested: Value.self, path: [])
    }

    /// What `read` resolves, or a trap at the caller's `file` and `line` (`lazy.value`,
    /// `lazy()`, `provider()`) that says which wrapper failed and the component holding it
    /// (`request`'s holder), with its registration site, before the error itself, whose path
    /// starts at the wrapper's value.
    static func trapping(
        _ wrapper: String, _ request: @autoclosure () -> DeferredRequest, file: StaticString, line: UInt,
        _ read: () throws(DIError) -> Value
    ) -> Value {
        do { return try read() } catch { FreshStack.trap({ request().trapMessage(wrapper, for: error) }, file: file, line: line) }
    }

    private func trapMessage(_ wrapper: String, for error: DIError) -> String {
        // The component whose build took the wrapper, named when a read of it traps
        // (`LazyHolderTrapTests`); `nil` for a wrapper a resolve asked for at the top.
        guard let holder = containerReference.holder else { return error.description }
        return "\(wrapper)<\(readableName(of: Value.self))>, taken by \(holder), could not be resolved: \(error.description)"
    }

    /// The session of a top-level resolve of the request from `container`.
    private func session(startingAt container: DIContainer) -> ResolutionSession {
        ResolutionSession(arguments: arguments.value, addressed: addressed, seed: graph, origin: container)
    }
}

extension DeferredRequest {
    /// The request of `getter`'s value made at this point of `context`'s resolve.
    init(getter: DependencyGetter<Value>, in context: inout ResolutionContext) {
        let (own, addressed) = context.deferredArguments()
        unsafe self.init(
            containerReference: WeakContainer(context.origin, holder: context.requester?.identity), getter: getter,
            graph: context.sharedGraph(), arguments: UnsafeTransfer(own), addressed: addressed)
    }
}

/// A container held weakly, and the component that took the request, shared by the copies of
/// a request: a reference, so that the request stays a value whose copies move bitwise.
final class WeakContainer: Sendable {
    weak let container: DIContainer?
    /// The interned identity of the component whose build made the request, not the
    /// component: a wrapper kept in a cached instance must not keep its component, and that
    /// component's cache, alive.
    let holder: ComponentIdentity?
    init(_ container: DIContainer, holder: ComponentIdentity?) {
        self.container = container
        self.holder = holder
    }
}
