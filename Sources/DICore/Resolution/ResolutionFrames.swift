/// The stack buffer of a top-level resolve's path: `ResolutionContext.stackFrames` words.
///
/// The buffer of a top-level resolve run by code not specialized for its type (a resolve
/// through a metatype only known at run time, such as `any Any.Type`): there,
/// `withUnsafeTemporaryAllocation`, whose typed-throws form wraps its closure's result in a
/// `Result<R, E>`, looked up that `Result`'s generic metadata (about 1,150 instructions) on
/// every resolve that is not a cache hit. Specialized code keeps the uninitialized buffer,
/// which needs no zeroing (see `DIContainer.withContext`).
@usableFromInline
struct ResolutionFrames {
    @usableFromInline
    var words:
        (
            UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt,
            UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt
        ) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )

    @inlinable
    @inline(__always)
    init() {}

    /// Runs `body` with the buffer as `ResolutionContext.stackFrames` unretained components.
    @inlinable
    @inline(__always)
    mutating func withFrames<R>(
        _ body: (UnsafeMutableBufferPointer<Unmanaged<Component>>) throws(DIError) -> R
    ) throws(DIError) -> R {
        try withUnsafeMutablePointer(to: &words) { (tuple) throws(DIError) -> R in
            // NB: the tuple is 32 pointer-sized, pointer-aligned words of this stack frame,
            // bound to `Unmanaged<Component>` (same size and alignment) only while `body`
            // runs; `body` must not let the pointer escape (the context it makes does not).
            try UnsafeMutableRawPointer(tuple).withMemoryRebound(
                to: Unmanaged<Component>.self, capacity: ResolutionContext.stackFrames
            ) { (frames) throws(DIError) -> R in
                try body(UnsafeMutableBufferPointer(start: frames, count: ResolutionContext.stackFrames))
            }
        }
    }
}
