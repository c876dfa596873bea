#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// The calling thread's slot for the resolve in progress: a top-level resolve publishes its
/// state in it for the duration of a closure, and a resolve started inside a factory on the
/// same thread (through a captured container, a `Provider`, a `Lazy` or a resolver parameter)
/// joins that state through a context of its own; the slot also keeps the bounds of the
/// thread's stack.
///
/// Each thread has a small slot (``Fields``), made on its first resolve and reached through a
/// thread-local key: it holds the address of the state (``ResolveState``) of the resolve
/// running on the thread, if any: memory that resolve owns, never a local accessed `inout`.
///
/// Contract (what a caller must NOT do):
/// - let a handle escape the call that got it from ``current``, keep the state's address past
///   that call, or use either on another thread: a slot belongs to its thread, the state to
///   the resolve;
/// - publish a state that does not live for the whole of the publication;
/// - join (``joining(_:)``) without a publication on the calling thread (``isJoinable``), or
///   from anywhere but inside the body of that publication, on its thread;
/// - run two joins that overlap other than by nesting: a join runs inside the publication's
///   body, in a factory the outer resolve is suspended in;
/// - write ``Fields/active`` except through ``publishing(_:_:)``, which restores the previous
///   value when its body returns or throws, so publications nest.
///
/// Guarded by `ActiveResolveTests` (a join sees and changes the published state, and the
/// outer frames read what it changed; another thread sees none; the slot is restored after a
/// throw and after nested publications; deep recursion of joins), and by `StackGuardTests`
/// for the stack's bounds.
@frozen @usableFromInline
@unsafe struct ActiveResolveSlot {
    /// What a thread's slot holds.
    @usableFromInline @unsafe struct Fields {
        /// The state of the resolve in progress on the thread.
        // NB: the pointer addresses the state of a resolve that is still running further up
        // this very thread's stack (`publishing` restores the previous value before it
        // returns or throws), so it is valid whenever it is read; it never crosses threads.
        @usableFromInline var active: UnsafeMutablePointer<ResolveState>?
        /// The resolve `DIContainer.detached { }` interrupted on this thread (`0` for none).
        ///
        /// Set while the body runs: a resolve begun there is recorded as started by it. Kept
        /// per thread, never in a task-local value, so a task started in the body carries none.
        @usableFromInline var detachedFrom = 0
        /// The lowest stack address a resolve may reach on the thread; `0` until computed.
        @usableFromInline var stackFloor: UInt = 0
    }

    // NB: the thread's slot, allocated once per thread and freed when the thread ends; the
    // handle is used only on its thread while the thread runs (contract above).
    @usableFromInline let _slot: UnsafeMutablePointer<Fields>

    @inlinable @inline(__always) init(_ slot: UnsafeMutablePointer<Fields>) { unsafe _slot = unsafe slot }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
        /// The thread-local key of each thread's slot, created once; a thread's slot is freed
        /// when the thread ends.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = unsafe pthread_key_create(&key) { slot in
                unsafe slot?.assumingMemoryBound(to: Fields.self).deinitialize(count: 1).deallocate()
            }
            precondition(status == 0, "DI: no thread-local key for the resolve in progress")
            return key
        }()
    #endif

    /// The calling thread's slot, made on first need.
    @usableFromInline static var current: ActiveResolveSlot {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            if let slot = unsafe pthread_getspecific(key) { return unsafe ActiveResolveSlot(slot.assumingMemoryBound(to: Fields.self)) }
        #endif
        let slot = UnsafeMutablePointer<Fields>.allocate(capacity: 1)
        unsafe slot.initialize(to: Fields())
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            _ = unsafe pthread_setspecific(key, slot)
        #else
            // NB: without thread-local storage, one slot per resolve: nothing joins.
        #endif
        return unsafe ActiveResolveSlot(slot)
    }

    /// Whether a resolve is in progress on this thread, which ``joining(_:)`` joins.
    @inlinable @inline(__always) var isJoinable: Bool { unsafe _slot.pointee.active != nil }

    /// Runs `body` with the state of `context` published as the resolve in progress on this
    /// thread, so that ``joining(_:)`` reaches it, then restores what was published before
    /// (also on a throw).
    @inlinable @inline(__always) func publishing<R>(_ context: ResolutionContext, _ body: () throws(DIError) -> R) throws(DIError) -> R {
        let previous = unsafe _slot.pointee.active
        unsafe _slot.pointee.active = unsafe context.state
        defer { unsafe _slot.pointee.active = unsafe previous }
        return try body()
    }

    /// Runs `body` with a context of its own on the state published on this thread.
    ///
    /// What `body` changes, the publisher reads. Call it only when ``isJoinable``.
    @inlinable func joining<R, E: Error>(_ body: (inout ResolutionContext) throws(E) -> R) throws(E) -> R {
        // NB: the state of the resolve running further up this thread's stack, suspended in a
        // factory meanwhile (contract above); `unsafelyUnwrapped`: `isJoinable` was asked.
        var context = unsafe ResolutionContext(_slot.pointee.active.unsafelyUnwrapped)
        return try body(&context)
    }

    /// The resolve `DIContainer.detached { }` interrupted on this thread, while its body runs;
    /// `0` for none.
    var detachedFrom: Int { unsafe _slot.pointee.detachedFrom }

    /// Runs `body` with nothing published on this thread (a resolve it starts is top-level)
    /// and `interrupted` as ``detachedFrom``, then restores both.
    func withoutPublication<R, E: Error>(detachedFrom interrupted: Int, _ body: () throws(E) -> R) throws(E) -> R {
        let previous = unsafe _slot.pointee.active
        let previousDetachedFrom = unsafe _slot.pointee.detachedFrom
        unsafe _slot.pointee.active = nil
        unsafe _slot.pointee.detachedFrom = interrupted
        defer {
            unsafe _slot.pointee.active = unsafe previous
            unsafe _slot.pointee.detachedFrom = previousDetachedFrom
        }
        return try body()
    }

    // MARK: - The stack's bounds

    /// The lowest stack address a resolve may reach on this thread, computed on first need.
    @inlinable @inline(__always) func stackLimit() -> UInt {
        if unsafe _slowPath(_slot.pointee.stackFloor == 0) { unsafe _slot.pointee.stackFloor = Self.stackFloor(near: Self.stackAddress()) }
        return unsafe _slot.pointee.stackFloor
    }

    /// The address of the caller's stack frame (of a local of it): how far down its stack the
    /// thread is.
    @inlinable @inline(__always) @safe static func stackAddress() -> UInt {
        var probe: UInt8 = 0
        return unsafe withUnsafeMutablePointer(to: &probe) { UInt(bitPattern: $0) }
    }

    /// Whether the calling thread has used so much of its stack that a resolve must stop
    /// (three quarters of it: the rest is left to the factories and to unwinding), or is within
    /// `margin` bytes of that point.
    ///
    /// An unknown limit (1) is never near: no stack lies within `margin` of address 1.
    @safe static func stackIsNearlyExhausted(margin: UInt = 0) -> Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            let here = stackAddress()
            return unsafe here < current.stackLimit() &+ margin
        #else
            return false
        #endif
    }

    /// The address below which the calling thread's stack is three quarters used, or `1` if
    /// the stack's bounds cannot be learned.
    @usableFromInline @inline(never) static func stackFloor(near here: UInt) -> UInt {
        #if canImport(Darwin)
            let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
            let size = UInt(pthread_get_stacksize_np(pthread_self()))
            return top - size + size / 4
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
            var attributes = pthread_attr_t()
            guard let getAttributes = unsafe linuxGetAttributes, unsafe getAttributes(pthread_self(), &attributes) == 0 else { return 1 }
            defer { unsafe pthread_attr_destroy(&attributes) }
            var low: UnsafeMutableRawPointer?
            var size = 0
            guard unsafe pthread_attr_getstack(&attributes, &low, &size) == 0, let low = unsafe low else { return 1 }
            // The main thread's reported size is its limit, not what is mapped yet: bound it by
            // where the stack is now, which it cannot be above.
            let bottom = UInt(bitPattern: low)
            guard here > bottom else { return 1 }
            return bottom + UInt(size) / 4
        #else
            return 1
        #endif
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Android)
        /// The C library's `pthread_getattr_np`, which Swift's module of it does not show; its
        /// type in every C library that exports it: `int pthread_getattr_np(pthread_t,
        /// pthread_attr_t *)`.
        private static let linuxGetAttributes = unsafe CSymbol.lookup(
            "pthread_getattr_np", as: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    #endif
}
