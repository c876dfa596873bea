import Synchronization

/// A handle on the state of one resolve (``ResolveState``), passed `inout` down the whole graph.
///
/// The state lives in memory the resolve owns, never in the handle: the top-level resolve's
/// stack frame (with the buffer of its path), or the heap for an awaited resolve, whose
/// context crosses suspension points. Every handle of a resolve reaches that memory through
/// the same pointer, and nothing else: a resolve begun inside a factory joins this one with a
/// handle of its own (``ActiveResolveSlot/joining(_:)``), so no handle is ever read or written
/// while another frame holds it `inout` (`ActiveResolveTests.aNestedResolveChangesWhatTheOuterFrameReadsNext`).
/// Lifetime strategies use it to reach the per-resolve session and to build an instance as
/// another container sees the graph.
///
/// - Warning: A context must not escape the call it is passed to (`inout`, never stored,
///   never captured by an escaping closure or a task): its state lives only until the
///   top-level resolve returns, and borrows its container and components without retaining
///   them. What must outlive the resolve (a `Lazy`, a `Provider`) keeps what it needs from it
///   (the container, the session), never the context.
@usableFromInline
@safe package struct ResolutionContext {
    /// The state of the resolve; its accessors are in Runtime/ResolveStateAccess.swift.
    @usableFromInline
    let state: UnsafeMutablePointer<ResolveState>

    /// The container whose registrations answer lookups (the one the resolve started from,
    /// unless a strategy switched it with ``withOrigin(_:_:)``).
    @inlinable
    var origin: DIContainer {
        get { unsafe _origin.object }
        nonmutating set { unsafe _origin = unsafe UnsafeObjectWord(unretained: newValue) }
    }
    /// How many components the stack buffer holds: ``frameCount``, or none without one.
    @inlinable
    var frameCapacity: Int { flags & 8 != 0 ? Self.frameCount : 0 }
    /// How far below the state the stack may grow, see ``ResolveState/flags``.
    @inlinable
    var stackBudget: UInt { UInt(truncatingIfNeeded: flags >> 32) }

    /// Whether the stack pointer is within ``stackBudget`` below the state; call it only with
    /// stack frames.
    @inlinable @inline(__always)
    var isWithinStackBudget: Bool { stateAddress &- _ActiveResolve.stackAddress() < stackBudget }

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

/// The state of one resolve, which every context of it (``ResolutionContext``) points to.
///
/// The path of components being built is kept in a buffer the top-level resolve allocates on
/// its stack next to this state (spilling to the heap only when it is full), and the heap part
/// (``ResolutionSession``) is made only when something needs it (an `.objectGraph` instance, a
/// property injection).
@unsafe @usableFromInline
struct ResolveState {
    /// ``ResolutionContext/origin``, unretained.
    ///
    /// The caller of the top-level resolve holds the container, and the state never outlives
    /// that call. A strong reference would put a shared reference count on every resolve.
    @usableFromInline
    var origin: UnsafeObjectWord<DIContainer>
    /// How many components are being built.
    @usableFromInline
    var depth = 0
    /// The per-resolve heap state, made on first need.
    @usableFromInline
    var session: ResolutionSession?
    /// The first instance shared within this resolve (`.objectGraph`).
    ///
    /// Kept here so that a graph with one shared component needs no session; the others go
    /// to the session. A word that owns one reference (``UnsafeObjectWord/retaining(_:)``),
    /// released by `releaseFirstShared()` when the top-level resolve ends.
    @usableFromInline
    var firstShared: UnsafeObjectWord<AnyObject>?
    @usableFromInline
    var firstSharedID = -1
    /// The caller's isolation, whether anyone observes, whether the resolve can start over,
    /// whether it has a stack buffer, and the stack budget, in one word.
    ///
    /// Bit 0: the caller of the top-level resolve is isolated to the main actor, so main-actor
    /// factories may run inline. Bit 1: the container the resolve started from has an
    /// observer, so builds report. Bit 2: ``ResolutionContext/canStartOver``. Bit 3: the
    /// state has a stack buffer of the path after it. Bits 32–63: how far below the state the
    /// stack may grow before three quarters of the thread's stack are used (`UInt32.max` when
    /// no limit is known): every push compares the stack pointer with it, so a resolve stops
    /// with `.tooDeep` at any depth, however heavy its frames (`StackGuardTests`); a context
    /// without stack frames (an awaited one) reads its thread's limit on every push instead,
    /// as its task may change threads.
    @usableFromInline
    var flags: UInt64
    /// The state of a resolve whose path starts in the stack buffer after its `record` (the
    /// record's address), or lives in its session without one (an awaited resolve).
    @inlinable
    init(origin: DIContainer, session: ResolutionSession?, callerIsolation: (any Actor)?, record: UInt?, stackLimit: UInt) {
        unsafe self.origin = unsafe UnsafeObjectWord(unretained: origin)
        // The limit as a distance below the stack buffer (a stack is far smaller than 4 GB); a
        // limit at or above the buffer leaves a budget of 1, so every push checks the stack
        // (``ResolutionContext/isWithinStackBudget``: a push deeper than the buffer is below it).
        var budget = UInt64(UInt32.max)
        if let address = record, stackLimit != 0 {
            budget = address > stackLimit ? UInt64(Swift.min(address - stackLimit, UInt(UInt32.max - 1))) : 1
        }
        unsafe self.session = session
        let onMainActor: UInt64 = callerIsolation.map { $0 === MainActor.shared } ?? false ? 1 : 0
        let onStack: UInt64 = record != nil ? 8 | (session == nil ? 4 : 0) : 0
        unsafe self.flags = budget << 32 | onMainActor | (origin.isObserved.load(ordering: .relaxed) ? 2 : 0) | onStack
    }
}
