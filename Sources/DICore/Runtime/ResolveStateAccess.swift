/// How a ``ResolutionContext`` reaches the state of its resolve (``ResolveState``): through a
/// pointer to memory the resolve owns, its top-level stack frame's or the heap's.
///
/// Contract (what a caller must NOT do):
/// - use a context after the state it points to ends: the top-level resolve's
///   ``init(stateIn:origin:session:callerIsolation:stackLimit:)`` memory lives while the
///   resolve runs and ``deinitializeState()`` ends it; a context made by
///   ``init(origin:session:callerIsolation:frames:stackLimit:)`` lives on the heap until
///   ``deallocateState()``;
/// - hand a context, or its state, to another thread while a resolve runs on it (an awaited
///   resolve hands it over only while suspended).
///
/// The state is never a local any frame accesses `inout`: a joined resolve works on it through
/// its own handle while the outer frames are suspended in a factory, and they read what it
/// changed (`ActiveResolveTests`).
extension ResolutionContext {
    /// A context for the state `pointer` addresses, which is already initialized.
    @inlinable @inline(__always)
    init(_ state: UnsafeMutablePointer<ResolveState>) { unsafe self.state = unsafe state }

    /// A context whose state is initialized in `record`, ``recordByteCount`` bytes of a top-level
    /// resolve's stack, pointer-aligned and uninitialized, with its path in the rest.
    @inlinable @inline(__always)
    init(
        stateIn record: UnsafeMutableRawPointer, origin: DIContainer, session: ResolutionSession?,
        callerIsolation: (any Actor)?, stackLimit: UInt
    ) {
        // NB: the record is the caller's, unbound; this state and these frames are its only users.
        let frames = unsafe ResolutionFrames(
            _base: (record + MemoryLayout<ResolveState>.stride).bindMemory(
                to: UnsafeObjectWord<Component>.self, capacity: ResolutionFrames.count))
        unsafe state = unsafe record.bindMemory(to: ResolveState.self, capacity: 1)
        unsafe state.initialize(
            to: ResolveState(
                origin: origin, session: session, callerIsolation: callerIsolation, frames: frames, stackLimit: stackLimit))
    }

    /// How many bytes a top-level resolve's state and path take.
    @inlinable
    static var recordByteCount: Int {
        unsafe MemoryLayout<ResolveState>.stride + ResolutionFrames.count * MemoryLayout<UnsafeObjectWord<Component>>.stride
    }

    /// A context whose state is on the heap (an awaited resolve's, or without a path buffer):
    /// its maker calls ``deallocateState()`` once done with it.
    @inlinable
    init(
        origin: DIContainer, session: ResolutionSession? = nil, callerIsolation: (any Actor)? = nil,
        frames: ResolutionFrames = unsafe .none, stackLimit: UInt = 0
    ) {
        unsafe state = .allocate(capacity: 1)
        unsafe state.initialize(
            to: ResolveState(
                origin: origin, session: session, callerIsolation: callerIsolation, frames: frames, stackLimit: stackLimit))
    }

    /// Ends the state of a top-level resolve's stack record (releases its session).
    @inlinable @inline(__always)
    func deinitializeState() { unsafe state.deinitialize(count: 1) }

    /// Ends and frees a state on the heap.
    func deallocateState() {
        unsafe state.deinitialize(count: 1)
        unsafe state.deallocate()
    }

    /// ``ResolveState/origin``.
    @inlinable var _origin: UnsafeObjectWord<DIContainer> {
        get { unsafe state.pointee.origin }
        nonmutating set { unsafe state.pointee.origin = unsafe newValue }
    }
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
    /// ``ResolveState/frames``.
    @inlinable var frames: ResolutionFrames { unsafe state.pointee.frames }
}
