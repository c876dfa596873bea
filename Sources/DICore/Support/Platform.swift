#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Android)
    import Android
#elseif canImport(ucrt)
    import ucrt
#endif

// What DICore asks of the C library outside `Runtime/`: whether this is the main thread, and a
// line on standard error.

/// Whether the calling thread is the process's main thread, without Foundation.
///
/// The fallback for callers whose isolation `#isolation` does not show (a synchronous
/// function that is not annotated but runs on the main thread).
@usableFromInline func _isMainThread() -> Bool {
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

/// Writes `line` and a line break to file descriptor 2: the optional resolve's and a slow
/// build's debug-build messages.
// NB: `write(2:)`, not `fputs(_:stderr)`: Swift 6 refuses `stderr`, a C global variable, as
// shared mutable state.
func writeLineToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = unsafe write(2, bytes.baseAddress, bytes.count) }
}
