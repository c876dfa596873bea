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

    /// A context whose state is initialized in `record`, ``recordByteCount`` bytes of a
    /// top-level resolve's stack, pointer-aligned and uninitialized, with its path in the rest;
    /// without a record, on the heap and without a path buffer (an awaited resolve's), and
    /// its maker calls ``deallocateState()`` once done with it.
    @inlinable @inline(__always)
    init(
        stateIn record: UnsafeMutableRawPointer? = nil, origin: DIContainer, session: ResolutionSession? = nil,
        callerIsolation: (any Actor)? = nil, stackLimit: UInt = 0
    ) {
        // NB: the record is the caller's, unbound; this state and these frames are its only users.
        unsafe state = unsafe record?.bindMemory(to: ResolveState.self, capacity: 1) ?? .allocate(capacity: 1)
        let frames = unsafe record.map { _ in
            let base = unsafe UnsafeMutableRawPointer(state + 1)
            return unsafe ResolutionFrames(_base: base.bindMemory(to: UnsafeObjectWord<Component>.self, capacity: ResolutionFrames.count))
        }
        unsafe state.initialize(
            to: ResolveState(
                origin: origin, session: session, callerIsolation: callerIsolation, frames: frames ?? .none, stackLimit: stackLimit))
    }

    /// How many bytes a top-level resolve's state and path take.
    @inlinable
    static var recordByteCount: Int {
        unsafe MemoryLayout<ResolveState>.stride + ResolutionFrames.count * MemoryLayout<UnsafeObjectWord<Component>>.stride
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
