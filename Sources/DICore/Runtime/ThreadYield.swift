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
/// Contract: call it in a loop that rechecks its condition; it promises no wait of any length.
/// Where the C library has no `sched_yield`, the loop spins.
///
/// Guarded by `ClearableSlotTests` and `GenerationGateTests`, whose writers wait with it.
func yieldThread() {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        sched_yield()
    #endif
}
