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
@safe package struct ResolutionContext {
    /// The container whose registrations answer lookups (the one the resolve started from,
    /// unless a strategy switched it with ``withOrigin(_:_:)``).
    @inlinable
    var origin: DIContainer {
        get { unsafe _origin.object }
        set { unsafe _origin = unsafe UnsafeObjectWord(unretained: newValue) }
    }
    /// ``origin``, unretained.
    ///
    /// The caller of the top-level resolve holds the container, and the context never
    /// outlives that call. A strong reference would put a shared reference count on every
    /// resolve.
    @usableFromInline
    var _origin: UnsafeObjectWord<DIContainer>
    /// How many components are being built.
    @usableFromInline
    var depth = 0
    /// The components being built, outermost first.
    ///
    /// The first `frameCapacity` of them (the rest, if any, are in the session's
    /// `deepPath`). They point into the top-level
    /// resolve's stack buffer, hence the context must not escape (see ``ResolutionFrames``).
    @usableFromInline
    let frames: ResolutionFrames
    /// How many components `frames` holds: all the stack buffer, or none without one.
    @inlinable
    var frameCapacity: Int { unsafe frames.exists ? Self.stackFrames : 0 }
    /// The per-resolve heap state, made on first need.
    @usableFromInline
    var session: ResolutionSession?
    /// The first instance shared within this resolve (`.objectGraph`).
    ///
    /// Kept here so that a graph with one shared component needs no session; the others go
    /// to the session. A word that owns one reference (``UnsafeObjectWord/retaining(_:)``), released by
    /// `releaseFirstShared()` when the top-level resolve ends: a strong reference would make
    /// every context copy and destroy itself through value witnesses.
    @inlinable
    var firstShared: UnsafeObjectWord<AnyObject>? {
        get { unsafe UnsafeObjectWord(nonzero: _firstShared) }
        set { _firstShared = unsafe newValue?.bits ?? 0 }
    }
    /// The bits of ``firstShared``; 0 for none.
    @usableFromInline
    var _firstShared: UInt = 0
    @usableFromInline
    var firstSharedID = -1
    /// How far below ``frames`` the stack may grow before three quarters of the thread's stack
    /// are used (`UInt32.max` when no limit is known).
    ///
    /// Every ``push(_:)`` compares the stack pointer with it, so a resolve stops with
    /// `.tooDeep` at any depth, however heavy its frames (`StackGuardTests`); a context without
    /// stack frames (an awaited one) reads its thread's limit on every push instead, as its
    /// task may change threads.
    @inlinable
    var stackBudget: UInt { UInt(truncatingIfNeeded: flags >> 32) }

    /// Whether the stack pointer is within ``stackBudget`` below ``frames``; call it only with
    /// stack frames.
    @inlinable @inline(__always)
    var isWithinStackBudget: Bool {
        unsafe frames.address &- _ActiveResolve.stackAddress() < stackBudget
    }
    /// The caller's isolation, whether anyone observes, whether the resolve can start over,
    /// and the stack budget, in one word.
    ///
    /// Bit 0: the caller of the top-level resolve is isolated to the main actor, so main-actor
    /// factories may run inline. Bit 1: the container the resolve started from has an
    /// observer, so builds report. Bit 2: ``canStartOver``. Bits 32–63: ``stackBudget``. One
    /// word: a larger context is copied through value witnesses (an outlined copy and destroy
    /// per resolve).
    @usableFromInline
    var flags: UInt64

    /// Whether the resolve can start over when the build gate tells it to: a synchronous
    /// top-level resolve that began with no session given (so beginning again needs nothing
    /// but its container), see `BuildGate.Claim.startOver`.
    var canStartOver: Bool { flags & 4 != 0 }

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
    @inlinable
    static var stackFrames: Int { unsafe ResolutionFrames.count }

    /// A context whose path lives in `frames` (a top-level resolve's stack buffer), or on the
    /// heap without them (an awaited resolve, whose context crosses suspension points).
    @inlinable
    init(
        origin: DIContainer,
        session: ResolutionSession? = nil,
        callerIsolation: (any Actor)? = nil,
        frames: ResolutionFrames = unsafe .none,
        stackLimit: UInt = 0
    ) {
        unsafe self._origin = unsafe UnsafeObjectWord(unretained: origin)
        // The limit as a distance below the stack buffer (a stack is far smaller than 4 GB); a
        // limit at or above the buffer leaves a budget of 1, so every push checks the stack
        // (``isWithinStackBudget``: a push deeper than the buffer is below it).
        var budget = UInt64(UInt32.max)
        if unsafe frames.exists, stackLimit != 0 {
            let address = unsafe frames.address
            budget = address > stackLimit ? UInt64(Swift.min(address - stackLimit, UInt(UInt32.max - 1))) : 1
        }
        self.session = session
        let onMainActor: UInt64 = callerIsolation.map { $0 === MainActor.shared } ?? false ? 1 : 0
        let startsOver: UInt64 = unsafe frames.exists && session == nil ? 4 : 0
        self.flags = budget << 32 | onMainActor | (origin.isObserved.load(ordering: .relaxed) ? 2 : 0) | startsOver
        unsafe self.frames = unsafe frames
    }

    /// The instance an awaited resolve prepared for `component`, if any, and whether this is
    /// its first take: a `.prototype` component's instance is used once, any other's for the
    /// whole resolve, its actions scheduled at the first take only (a cached async component
    /// taken as `[T]` and as `T` in one resolve: `AwaitedMainActorActionsTests.anAsyncCachedComponentTakenTwiceRunsItsPostInitOnce`).
    @usableFromInline
    mutating func takePrepared(_ component: Component) -> (instance: AnyObject, isFirstTake: Bool)? {
        let id = component.registrationID
        guard let session, var queue = unsafe session.prepared[id], !queue.isEmpty else { return nil }
        guard component.lifetime.isPrototype else {
            return unsafe (queue[0], session.preparedTaken.insert(id).inserted)
        }
        let first = queue.removeFirst()
        unsafe session.prepared[id] = queue
        return (first, true)
    }

    /// The per-resolve session, made if it does not exist yet.
    mutating func sharedSession() -> ResolutionSession {
        if let session { return session }
        let made = ResolutionSession()
        session = made
        return made
    }
}
