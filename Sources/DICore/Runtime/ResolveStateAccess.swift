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
@usableFromInline @safe package struct ResolutionContext {
    /// The state of the resolve (contract of the extension below).
    @usableFromInline let state: UnsafeMutablePointer<ResolveState>
}

/// How a ``ResolutionContext`` reaches the state of its resolve (``ResolveState``) and the
/// stack buffer of its path: through a pointer to memory the resolve owns, its top-level
/// stack frame's (the state, then ``frameCount`` unretained components) or the heap's (the
/// state alone: an awaited resolve's path lives in its session).
///
/// Contract (what a caller must NOT do):
/// - use a context after the state it points to ends: a top-level resolve's record lives
///   while the body of ``withStackState(origin:session:callerIsolation:stackLimit:_:)`` (or
///   of `withZeroedState`) runs, and holds nothing to release when it ends
///   (`runTopLevel` lets its session go); a state on the heap lives until
///   ``deallocateState()``;
/// - hand a context, or its state, to another thread while a resolve runs on it (an awaited
///   resolve hands it over only while suspended);
/// - read a frame at or past ``frameCapacity``, or one not written first in the same resolve
///   (the buffer starts uninitialized), or a component past the time it is on the path:
///   entries do not retain (the path's components are kept by their containers' bindings,
///   and the resolve keeps the container).
///
/// The state is never a local any frame accesses `inout`: a joined resolve works on it through
/// its own handle while the outer frames are suspended in a factory, and they read what it
/// changed (`ActiveResolveTests`). Guarded by `ResolutionFramesTests` for the frames (a model
/// test against an array of components, in either stack buffer).
extension ResolutionContext {
    /// A context for the state `pointer` addresses, which is already initialized.
    @inlinable @inline(__always) init(_ state: UnsafeMutablePointer<ResolveState>) { unsafe self.state = unsafe state }

    /// A context whose state is initialized in `record`, ``recordByteCount`` bytes of a
    /// top-level resolve's stack, pointer-aligned and uninitialized, with its path in the rest;
    /// without a record, on the heap and without a path buffer (an awaited resolve's), and
    /// its maker calls ``deallocateState()`` once done with it.
    @inlinable @inline(__always) init(
        stateIn record: UnsafeMutableRawPointer? = nil, origin: DIContainer, session: ResolutionSession? = nil,
        callerIsolation: (any Actor)? = nil, stackLimit: UInt = 0
    ) {
        // NB: the record is the caller's, unbound; this state and its frames are its only users.
        unsafe state = unsafe record?.bindMemory(to: ResolveState.self, capacity: 1) ?? .allocate(capacity: 1)
        if unsafe record != nil {
            _ = unsafe UnsafeMutableRawPointer(state + 1).bindMemory(to: UnsafeObjectWord<Component>.self, capacity: Self.frameCount)
        }
        unsafe state.initialize(
            to: ResolveState(
                origin: origin, session: session, callerIsolation: callerIsolation, record: unsafe record.map { UInt(bitPattern: $0) },
                stackLimit: stackLimit))
    }

    /// Runs `body` with the context of a new top-level resolve whose state and path live in an
    /// uninitialized buffer of the caller's stack frame, while `body` runs.
    // NB: inlined with its allocation, so that the resolve's body inlines into the caller.
    @inlinable @inline(__always) static func withStackState<R>(
        origin: DIContainer, session: ResolutionSession?, callerIsolation: (any Actor)?, stackLimit: UInt,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        unsafe try withUnsafeTemporaryAllocation(byteCount: recordByteCount, alignment: MemoryLayout<ResolveState>.alignment) {
            (buffer) throws(DIError) -> R in
            // NB: the buffer lives while `body` runs, which the context does not outlive.
            var context = unsafe ResolutionContext(
                stateIn: buffer.baseAddress.unsafelyUnwrapped, origin: origin, session: session,
                callerIsolation: callerIsolation, stackLimit: stackLimit)
            return try body(&context)
        }
    }

    /// Runs `body` as ``withStackState(origin:session:callerIsolation:stackLimit:_:)`` does, the
    /// state and path in a zeroed value of this stack frame: for code not specialized for `R`
    /// (a resolve through a metatype known at run time, such as `any Any.Type`), where
    /// `withUnsafeTemporaryAllocation`, whose typed-throws form wraps the result in a
    /// `Result<R, E>`, would look up that `Result`'s generic metadata on every resolve that is
    /// not a cache hit.
    @inlinable @inline(__always) static func withZeroedState<R>(
        origin: DIContainer, session: ResolutionSession?, callerIsolation: (any Actor)?, stackLimit: UInt,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        var words = InlineArray<40, UInt>(repeating: 0)
        assert(MemoryLayout.size(ofValue: words) >= recordByteCount)
        return unsafe try withUnsafeMutablePointer(to: &words) { (array) throws(DIError) -> R in
            // NB: pointer-sized, pointer-aligned words of this stack frame, bound to the state
            // and frames while `body` runs, then to words again.
            defer { unsafe UnsafeMutableRawPointer(array).bindMemory(to: UInt.self, capacity: 40) }
            var context = unsafe ResolutionContext(
                stateIn: UnsafeMutableRawPointer(array), origin: origin, session: session, callerIsolation: callerIsolation,
                stackLimit: stackLimit)
            return try body(&context)
        }
    }

    /// How many components a top-level resolve keeps on its stack before spilling to the heap.
    @inlinable static var frameCount: Int { 32 }

    /// How many bytes a top-level resolve's state and path take.
    @inlinable static var recordByteCount: Int {
        unsafe MemoryLayout<ResolveState>.stride + frameCount * MemoryLayout<UnsafeObjectWord<Component>>.stride
    }

    /// The address of the state: where in the stack the top-level resolve's frame is.
    @inlinable var stateAddress: UInt { unsafe UInt(bitPattern: state) }

    /// The stack buffer of the path (contract above).
    @inlinable var frames: UnsafeMutablePointer<UnsafeObjectWord<Component>> {
        unsafe UnsafeMutableRawPointer(state + 1).assumingMemoryBound(to: UnsafeObjectWord<Component>.self)
    }

    /// The component at `index` of the stack buffer, which must be below ``frameCapacity`` and
    /// written before in this resolve.
    @inlinable @inline(__always) func frame(at index: Int) -> UnsafeObjectWord<Component> {
        assert(index >= 0 && index < frameCapacity)
        return unsafe frames[index]
    }

    /// Writes `component` at `index` of the stack buffer, which must be below ``frameCapacity``.
    @inlinable @inline(__always) func setFrame(_ component: Component, at index: Int) {
        assert(index >= 0 && index < frameCapacity)
        unsafe frames[index] = UnsafeObjectWord(unretained: component)
    }

    /// Ends and frees a state on the heap.
    func deallocateState() {
        unsafe state.deinitialize(count: 1)
        unsafe state.deallocate()
    }

    /// The container whose registrations answer lookups (the one the resolve started from,
    /// unless a strategy switched it with ``withOrigin(_:_:)``).
    @inlinable var origin: DIContainer {
        get { unsafe state.pointee.origin.object }
        nonmutating set { unsafe state.pointee.origin = UnsafeObjectWord(unretained: newValue) }
    }
    /// ``ResolveState/origin``, unretained.
    @inlinable var _origin: UnsafeObjectWord<DIContainer> { unsafe state.pointee.origin }
    /// ``ResolveState/depth``.
    @inlinable var depth: Int {
        get { unsafe state.pointee.depth }
        nonmutating set { unsafe state.pointee.depth = newValue }
    }
    /// ``ResolveState/session``.
    @inlinable var session: ResolutionSession? {
        get { unsafe state.pointee.session }
        nonmutating set { unsafe state.pointee.session = newValue }
    }
    /// ``ResolveState/firstShared``.
    @inlinable var firstShared: UnsafeObjectWord<AnyObject>? {
        get { unsafe state.pointee.firstShared }
        nonmutating set { unsafe state.pointee.firstShared = unsafe newValue }
    }
    /// ``ResolveState/firstSharedID``.
    @inlinable var firstSharedID: Int {
        get { unsafe state.pointee.firstSharedID }
        nonmutating set { unsafe state.pointee.firstSharedID = newValue }
    }
    /// ``ResolveState/flags``.
    @inlinable var flags: UInt64 { unsafe state.pointee.flags }
    /// ``ResolveState/claimantID``.
    @inlinable var claimantID: Int {
        get { unsafe state.pointee.claimantID }
        nonmutating set { unsafe state.pointee.claimantID = newValue }
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
    @usableFromInline var origin: UnsafeObjectWord<DIContainer>
    /// How many components are being built.
    @usableFromInline var depth = 0
    /// The per-resolve heap state, made on first need.
    @usableFromInline var session: ResolutionSession?
    /// The first instance shared within this resolve (`.objectGraph`).
    ///
    /// Kept here so that a graph with one shared component needs no session; the others go
    /// to the session. A word that owns one reference (``UnsafeObjectWord/retaining(_:)``),
    /// released by `releaseFirstShared()` when the top-level resolve ends.
    @usableFromInline var firstShared: UnsafeObjectWord<AnyObject>?
    @usableFromInline var firstSharedID = -1
    /// The resolve's identifier in the build gate, made when it first claims a build.
    ///
    /// `0` until then, and for an awaited resolve, whose session has it (see
    /// ``ResolutionContext/resolveID()``). Here, not in the session: a resolve that builds a
    /// cached component makes no session for it (`ResolutionSessionTests`).
    @usableFromInline var claimantID = 0
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
    @usableFromInline var flags: UInt64
    /// The state of a resolve whose path starts in the stack buffer after its `record` (the
    /// record's address), or lives in its session without one (an awaited resolve).
    @inlinable init(origin: DIContainer, session: ResolutionSession?, callerIsolation: (any Actor)?, record: UInt?, stackLimit: UInt) {
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
