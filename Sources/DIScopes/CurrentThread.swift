#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An identifier of the calling thread, unique among the threads alive at once.
///
/// The scopes use it to tell a re-entrant request for an instance the same thread is
/// building (a cycle) from a request that must wait for another thread.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Glibc)
        UInt(pthread_self())
    #else
        UInt(bitPattern: pthread_self())
    #endif
}
