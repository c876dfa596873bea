/// The heap part of a top-level resolve: made only when a component needs it.
@usableFromInline @safe final class ResolutionSession {
    // NB: @exclusivity(unchecked) on every stored property: a session belongs to one resolve on
    // one thread, and the dynamic exclusivity checks cost more than the accesses they guard.
    /// Instances shared within this resolve, by registration (`.objectGraph` uses it), as the
    /// current origin sees the graph (see ``ResolutionContext/withOrigin(_:_:)``).
    @exclusivity(unchecked) package var sharedInstances: SharedInstances = [:]
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
    /// The arguments of the property injection or `postInit` running, if it takes any.
    @exclusivity(unchecked) var injectionArguments: InjectionArguments?
    /// The depth of the component that takes `arguments`: 1, or deeper in a joined resolve.
    @exclusivity(unchecked) var argumentDepth = 1
    /// An awaited resolve's identifier in the build gate's wait-for graph, given when it begins;
    /// `0` for a synchronous resolve, whose state has its own (``ResolveState/claimantID``).
    @exclusivity(unchecked) var resolveID = 0
    /// The resolution path past the context's stack frames.
    ///
    /// Unretained, as the context's `frames`: a component on the path outlives its entry.
    @usableFromInline @exclusivity(unchecked) var deepPath: [UnsafeObjectWord<Component>] = unsafe []
    /// Instances an awaited resolve built ahead of the synchronous pass, by registration.
    @exclusivity(unchecked) var prepared: [Int: [AnyObject]] = [:]
    /// The registrations (not `.prototype`) whose prepared instance the synchronous pass has
    /// taken: taken again, it is the same instance, its actions scheduled already.
    @exclusivity(unchecked) var preparedTaken: Set<Int> = []
    /// Cached instances the awaited resolve found while it prepared, held until it ends: a
    /// `.weak` cache then still has them when the synchronous pass looks.
    @exclusivity(unchecked) var heldInstances: [AnyObject] = []
    /// Why an awaited resolve could not build a component ahead of the synchronous pass, by
    /// registration: the pass reports it where it meets the component.
    @exclusivity(unchecked) var preparationFailures: [Int: DIError] = [:]
    /// Property injections to run once the instance graph exists.
    @exclusivity(unchecked) var pendingInjections: [PendingInjection] = []
    /// Post-initialization actions to run once every property injection has run, those of
    /// an instance after those of the instances its own actions built (its dependencies).
    @exclusivity(unchecked) var pendingPostInits: [PendingInjection] = []
    /// The instances whose actions are running, one inside another (see
    /// `PendingInjection.chain`).
    @exclusivity(unchecked) var injectionChain: [InjectionStep] = []
    /// The running action's `PendingInjection.outerPath`: the path above its component,
    /// which the path of the instances it builds continues.
    @exclusivity(unchecked) var actionPath: [Component] = []
    /// How many instances with actions this resolve has built.
    ///
    /// Once it is not 0 (the resolve has scheduled a property injection or post-initialization
    /// action), its builds for a cache are provisional until it ends.
    @exclusivity(unchecked) var instancesWithActions = 0
    /// The provisional builds to settle when the top-level resolve ends.
    @exclusivity(unchecked) var provisionalBuilds: [ProvisionalBuild] = []
    /// Whether this is an awaited resolve's session (which has its identifier from the start):
    /// its synchronous pass never blocks its thread on another resolve's build, it starts over
    /// instead (`BuildGate.WaitMode.startOver`).
    var isAwaited: Bool { unsafe resolveID != 0 }
    /// The graph whose `.objectGraph` instances the session was given at first (a `Lazy`'s or
    /// `Provider`'s read): an awaited resolve that starts over begins again with them.
    @exclusivity(unchecked) var seed: SharedGraph?
    /// The builds to wait for before the resolve starts over, once the gate has told it to.
    ///
    /// Checked dynamically: off the hot path (read when a resolve with a session ends, and
    /// between the steps of an awaited resolve).
    var startOver: StartOver?
    /// The shared instances of the points of view not current, by container (its ``DIContainer/serial``:
    /// a temporary container may go, and another take its address, during the resolve).
    @exclusivity(unchecked) var stashedSharedInstances: [Int: SharedInstances] = [:]
    /// The shared instances kept for the `Lazy` and `Provider` values this resolve made.
    @exclusivity(unchecked) var graph: SharedGraph?

    /// A session for a resolve given `arguments`, and `addressed` ones for the components of
    /// a type; with a `seed`, a `Lazy`'s or `Provider`'s graph, it begins with the instances
    /// of `seed` still alive, `origin`'s as its current point of view.
    init(arguments: [Any] = [], addressed: [DIArguments] = [], seed: SharedGraph? = nil, origin: DIContainer? = nil) {
        unsafe self.arguments = arguments
        unsafe self.addressedArguments = addressed
        guard let seed, let origin else { return }
        SharedGraph.seed(self, from: seed, startingAt: origin)
        unsafe self.seed = seed
    }

    /// A session for an awaited resolve that starts over from `origin`: what the request
    /// was given (its arguments, point of view, observer, the `.objectGraph` instances of
    /// its `Lazy` or `Provider`, its place in the build gate), and nothing its first try
    /// made, except the cached instances it holds (a `.weak` cache keeps them only while
    /// someone does).
    func startingOver(from origin: DIContainer) -> ResolutionSession {
        let fresh = unsafe ResolutionSession(arguments: arguments, addressed: addressedArguments, seed: seed, origin: origin)
        unsafe fresh.viewpoint = viewpoint
        unsafe fresh.observedBy = observedBy
        unsafe fresh.resolveID = resolveID
        unsafe fresh.heldInstances = heldInstances
        return fresh
    }

    /// Shares `object` within this resolve for the registration `id`, unless one is shared
    /// already; returns the one shared.
    func share(_ object: AnyObject, for id: Int) -> AnyObject {
        if let shared = unsafe sharedInstances[id] { return shared }
        unsafe sharedInstances[id] = object
        return object
    }
}
