#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// Whether the calling thread is the process's main thread, without Foundation.
///
/// The fallback for callers whose isolation `#isolation` does not show (a synchronous
/// function that is not annotated but runs on the main thread).
@usableFromInline
func _isMainThread() -> Bool {
    #if canImport(Darwin)
        return pthread_main_np() != 0
    #elseif os(Linux) || os(Android)
        // On Linux the main thread's kernel thread id is the process id.
        guard let gettid = linuxGettid else { return false }
        return getpid() == gettid()
    #else
        return false
    #endif
}

#if os(Linux) || os(Android)
    /// The C library's `pid_t gettid(void)`, when it has one: it does not reach Swift through
    /// the C library's module, so it is looked up once by name.
    private let linuxGettid = CSymbol.lookup("gettid", as: (@convention(c) () -> pid_t).self)
#endif
