#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

// What DICore asks of the C library: a function found by name, a yield, whether this is the
// main thread, a line on standard error, and a thread with a stack of a given size.

/// A C function of the running process found by name at run time (`dlsym`), for entry points
/// that may be absent (the thread sanitizer's hooks) or that the C library's module does not
/// export to Swift (`gettid`).
///
/// Contract: `Function` must be the `@convention(c)` type of the symbol named. Do not look up
/// data symbols or functions whose C signature differs: the call would be undefined.
///
/// Guarded by `CSymbolTests`.
enum CSymbol {
    /// The function `name`, as `Function`, or `nil` if the process has no such symbol.
    static func lookup<Function>(_ name: String, as _: Function.Type) -> Function? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android)
            // NB: RTLD_DEFAULT is a null handle on Linux: search the whole process.
            guard let symbol = unsafe dlsym(nil, name) else { return nil }
        #elseif canImport(Darwin)
            // NB: RTLD_DEFAULT is the handle -2 on Darwin.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) else { return nil }
        #else
            return nil
        #endif
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
            // NB: unsafeBitCast: a function's address to the C function type the caller names,
            // which is the symbol's (contract above); both are one pointer wide.
            return unsafe unsafeBitCast(symbol, to: Function.self)
        #endif
    }
}

/// Gives the processor to another thread: what a writer does while it waits for threads that
/// are between two steps of a short operation (a load and a retain, a check and a store).
///
/// Contract: call it in a loop that rechecks its condition; it promises no wait of any length.
/// Where the C library has no `sched_yield`, the loop spins.
///
/// Guarded by `ClearableSlotTests` and `GenerationGateTests`, whose writers wait with it.
func yieldThread() {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        sched_yield()
    #endif
}

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

/// The work a new thread runs (``runOnNewThread(_:stackSize:)``); not generic, so that making
/// one instantiates no metadata.
final class ThreadJob: @unchecked Sendable {
    // NB: @unchecked: the closure runs on the new thread while the thread that made the
    // job waits for it, never on both at once.
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `job` on a new thread whose stack is `stackSize` bytes, and waits for it; returns
/// whether a thread was made (else the job has not run): ``FreshStack``'s thread.
///
/// Contract: the job runs on the new thread while the caller waits; it must not touch what
/// the calling thread alone may touch (its thread-local state).
func runOnNewThread(_ job: ThreadJob, stackSize: Int) -> Bool {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(Android)
        var attributes = pthread_attr_t()
        guard unsafe pthread_attr_init(&attributes) == 0 else { return false }
        defer { unsafe pthread_attr_destroy(&attributes) }
        guard unsafe pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
        // NB: one reference for the new thread, which takes it back once.
        let box = unsafe UnsafeObjectWord.retaining(job)
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = unsafe pthread_create(
            &thread, &attributes,
            { raw in
                // NB: the box made above, passed once to this thread.
                unsafe UnsafeObjectWord<ThreadJob>(bits: UInt(bitPattern: raw)).takeRetained().body()
                return nil
            }, UnsafeMutableRawPointer(bitPattern: box.bits))
        guard status == 0 else {
            // NB: no thread was made: the reference is still ours.
            unsafe box.release()
            return false
        }
        #if canImport(Darwin)
            if let thread { _ = pthread_join(thread, nil) }
        #else
            _ = pthread_join(thread, nil)
        #endif
        return true
    #else
        return false
    #endif
}
