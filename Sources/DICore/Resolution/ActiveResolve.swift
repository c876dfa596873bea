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
/// (through a captured container, a `Provider`, a `Lazy` or a resolver parameter) joins it.
///
/// A thread-local pointer to the top-level resolve's context, set for the length of that
/// resolve. Only resolves that build something set it: a cache hit returns before.
@usableFromInline
enum _ActiveResolve {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
        /// The thread-local key, created once.
        @usableFromInline
        static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key, nil)
            precondition(status == 0, "DI: no thread-local key for the resolve in progress")
            return key
        }()
    #endif

    /// The context of the resolve in progress on this thread, if any.
    // NB: the pointer addresses the context of a top-level resolve that is still running
    // further up this very thread's stack (it is cleared before that resolve returns), so it
    // is valid whenever it is read; it never crosses threads.
    @usableFromInline
    static var current: UnsafeMutablePointer<ResolutionContext>? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            return pthread_getspecific(key)?.assumingMemoryBound(to: ResolutionContext.self)
        #else
            return nil
        #endif
    }

    /// Makes `context` the resolve in progress on this thread (`nil`: none).
    @usableFromInline
    static func set(_ context: UnsafeMutablePointer<ResolutionContext>?) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
            _ = pthread_setspecific(key, context.map { UnsafeRawPointer($0) })
        #endif
    }
}
