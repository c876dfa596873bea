#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

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
