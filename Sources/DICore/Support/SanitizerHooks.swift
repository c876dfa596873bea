#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread sanitizer's annotation entry points, found at run time when it is linked in.
@usableFromInline
enum SanitizerHooks {
    @usableFromInline
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    @usableFromInline
    static let acquire: Hook? = lookup("__tsan_acquire")
    @usableFromInline
    static let release: Hook? = lookup("__tsan_release")

    /// Both hooks, for code that reads them on every lock: one lazy global read, not two.
    static let both: (acquire: Hook?, release: Hook?) = (acquire, release)

    // NB: unsafeBitCast: the symbols looked up are the sanitizer's `void __tsan_acquire(void *)`
    // and `void __tsan_release(void *)`, which have the C function type `Hook` names.
    private static func lookup(_ name: String) -> Hook? {
        #if canImport(Glibc) || canImport(Musl)
            // NB: RTLD_DEFAULT is a null handle on Linux: search the whole process.
            guard let symbol = dlsym(nil, name) else { return nil }
            return unsafeBitCast(symbol, to: Hook.self)
        #elseif canImport(Darwin)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) else { return nil }
            return unsafeBitCast(symbol, to: Hook.self)
        #else
            return nil
        #endif
    }
}
