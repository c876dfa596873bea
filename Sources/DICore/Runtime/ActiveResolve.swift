#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#endif

/// The resolve in progress on the calling thread, so that a resolve started inside a factory
/// (through a captured container, a `Provider`, a `Lazy` or a resolver parameter) joins it,
/// and the bounds of the thread's stack.
///
/// Each thread has a small slot, made on its first resolve and reached through a thread-local
/// key: it holds the address of the state (``ResolveState``) of the resolve running on the
/// thread, if any: memory that resolve owns, never a local accessed `inout`.
/// ``ActiveResolveSlot`` publishes and joins through it; nothing else may write ``Slot/active``.
///
/// Contract (what a caller must NOT do):
/// - keep a slot's pointer, or the state's address, past the call that got it, or hand
///   either to another thread: a slot belongs to its thread, the state to the resolve;
/// - publish a state that does not live for the whole of the publication;
/// - join from code that is not running inside the published resolve's body on the same
///   thread.
///
/// Guarded by `ActiveResolveTests`, and by `StackGuardTests` for the stack's bounds.
@usableFromInline enum _ActiveResolve {
    /// A thread's slot.
    @usableFromInline @unsafe struct Slot {
        /// The state of the resolve in progress on the thread.
        // NB: the pointer addresses the state of a resolve that is still running further up
        // this very thread's stack (`ActiveResolveSlot.publishing` restores the previous value
        // before it returns or throws), so it is valid whenever it is read; it never crosses
        // threads.
        @usableFromInline var active: UnsafeMutablePointer<ResolveState>?
        /// The resolve `DIContainer.detached { }` interrupted on this thread (`0` for none).
        ///
        /// Set while the body runs: a resolve begun there is recorded as started by it. Kept
        /// per thread, never in a task-local value, so a task started in the body carries none.
        @usableFromInline var detachedFrom = 0
        /// The lowest stack address a resolve may reach on the thread; `0` until computed.
        @usableFromInline var stackFloor: UInt = 0

        /// The lowest stack address a resolve may reach on the thread, computed on first need.
        @inlinable mutating func stackLimit() -> UInt {
            if unsafe _slowPath(stackFloor == 0) { unsafe stackFloor = _ActiveResolve.stackFloor(near: _ActiveResolve.stackAddress()) }
            return unsafe stackFloor
        }
    }

    /// The address of the caller's stack frame (of a local of it): how far down its stack the
    /// thread is.
    @inlinable @inline(__always) static func stackAddress() -> UInt {
        var probe: UInt8 = 0
        return unsafe withUnsafeMutablePointer(to: &probe) { UInt(bitPattern: $0) }
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
        /// The thread-local key of each thread's slot, created once; a thread's slot is freed
        /// when the thread ends.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = unsafe pthread_key_create(&key) { slot in
                unsafe slot?.assumingMemoryBound(to: Slot.self).deinitialize(count: 1).deallocate()
            }
            precondition(status == 0, "DI: no thread-local key for the resolve in progress")
            return key
        }()
    #endif

    /// The calling thread's slot, made on first need.
    @usableFromInline static func slot() -> UnsafeMutablePointer<Slot> {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            if let slot = unsafe pthread_getspecific(key) { return unsafe slot.assumingMemoryBound(to: Slot.self) }
        #endif
        let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
        unsafe slot.initialize(to: Slot())
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            _ = unsafe pthread_setspecific(key, slot)
        #else
            // NB: without thread-local storage, one slot per resolve: nothing joins.
        #endif
        return unsafe slot
    }

    /// Whether the calling thread has used so much of its stack that a resolve must stop
    /// (three quarters of it: the rest is left to the factories and to unwinding), or is within
    /// `margin` bytes of that point.
    ///
    /// An unknown limit (1) is never near: no stack lies within `margin` of address 1.
    static func stackIsNearlyExhausted(margin: UInt = 0) -> Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            let here = stackAddress()
            return unsafe here < slot().pointee.stackLimit() &+ margin
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
