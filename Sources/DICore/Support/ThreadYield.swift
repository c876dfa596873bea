#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// Gives the processor to another thread: what a writer does while it waits for threads that
/// are between two steps of a short operation (a load and a retain, a check and a store).
///
/// Where the C library has no `sched_yield`, the wait spins.
func yieldThread() {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        sched_yield()
    #endif
}
