/// How a ``ResolutionContext`` reaches the state of its resolve (``ResolveState``) and the
/// stack buffer of its path: through a pointer to memory the resolve owns, its top-level
/// stack frame's (the state, then ``frameCount`` unretained components) or the heap's (the
/// state alone: an awaited resolve's path lives in its session).
///
/// Contract (what a caller must NOT do):
/// - use a context after the state it points to ends: a top-level resolve's record lives
///   while the closure that allocated it runs (`withUnsafeTemporaryAllocation`, or
///   ``ResolutionFrameBuffer/withRecord(_:)``), and holds nothing to release when it ends
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
/// test against an array of components).
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

    /// How many components a top-level resolve keeps on its stack before spilling to the heap.
    @inlinable
    static var frameCount: Int { 32 }

    /// How many bytes a top-level resolve's state and path take.
    @inlinable
    static var recordByteCount: Int {
        unsafe MemoryLayout<ResolveState>.stride + frameCount * MemoryLayout<UnsafeObjectWord<Component>>.stride
    }

    /// The address of the state: where in the stack the top-level resolve's frame is.
    @inlinable
    var stateAddress: UInt { unsafe UInt(bitPattern: state) }

    /// The stack buffer of the path (contract above).
    @inlinable
    var frames: UnsafeMutablePointer<UnsafeObjectWord<Component>> {
        unsafe UnsafeMutableRawPointer(state + 1).assumingMemoryBound(to: UnsafeObjectWord<Component>.self)
    }

    /// The component at `index` of the stack buffer, which must be below ``frameCapacity`` and
    /// written before in this resolve.
    @inlinable @inline(__always)
    func frame(at index: Int) -> UnsafeObjectWord<Component> {
        assert(index >= 0 && index < frameCapacity)
        return unsafe frames[index]
    }

    /// Writes `component` at `index` of the stack buffer, which must be below ``frameCapacity``.
    @inlinable @inline(__always)
    func setFrame(_ component: Component, at index: Int) {
        assert(index >= 0 && index < frameCapacity)
        unsafe frames[index] = UnsafeObjectWord(unretained: component)
    }

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
}
