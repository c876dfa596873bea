extension ResolutionContext {
    /// How many components the stack buffer holds: ``frameCount``, or none without one.
    @inlinable var frameCapacity: Int { flags & 8 != 0 ? Self.frameCount : 0 }
    /// How far below the state the stack may grow, see ``ResolveState/flags``.
    @inlinable var stackBudget: UInt { UInt(truncatingIfNeeded: flags >> 32) }

    /// Whether the stack pointer is within ``stackBudget`` below the state; call it only with
    /// stack frames.
    @inlinable @inline(__always) var isWithinStackBudget: Bool { stateAddress &- ActiveResolveSlot.stackAddress() < stackBudget }

    /// Whether the resolve can start over when the build gate tells it to: a synchronous
    /// top-level resolve that began with no session given (so beginning again needs nothing
    /// but its container), see `BuildGate.Claim.startOver`.
    var canStartOver: Bool { flags & 4 != 0 }

    /// Whether the caller of the top-level resolve is isolated to the main actor.
    @inlinable var isOnMainActor: Bool { flags & 1 != 0 }

    /// Whether the container the resolve started from has an observer, read once per
    /// context: builds then report.
    @inlinable var isObserved: Bool { flags & 2 != 0 }

    /// Past this depth every step checks the path for a repetition: a cycle keeps going
    /// deeper, so it is caught there, never a stack overflow.
    @usableFromInline static let cycleCheckDepth = 32

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
    @usableFromInline mutating func takePrepared(_ component: Component) -> (instance: AnyObject, isFirstTake: Bool)? {
        let id = component.registrationID
        guard let session, let first = unsafe session.prepared[id]?.first else { return nil }
        guard component.isPrototype else { return unsafe (first, session.preparedTaken.insert(id).inserted) }
        unsafe session.prepared[id]!.removeFirst()
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
