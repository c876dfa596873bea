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
    static let both = Pair(acquire: acquire, release: release)

    /// The two hooks, and the one rule of their use: a lock's holder announces the acquire
    /// before touching what the lock guards, and the release after.
    ///
    /// A lock keeps a copy (`Protected`, `Locked`), so that locking checks no lazy global.
    @usableFromInline
    struct Pair: Sendable {
        @usableFromInline
        let acquire: Hook?
        @usableFromInline
        let release: Hook?

        /// Runs `body` on `state`, guarded by the lock named by `address` and held by the
        /// caller, between the two announcements.
        // NB: `address` is only the sanitizer's name for the lock; it is never dereferenced.
        @inlinable @inline(__always)
        func handOff<State: ~Copyable, Result, E: Error>(
            at address: UnsafeMutableRawPointer,
            _ state: inout sending State,
            _ body: (inout sending State) throws(E) -> sending Result
        ) throws(E) -> sending Result {
            acquire?(address)
            defer { release?(address) }
            return try body(&state)
        }
    }

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
