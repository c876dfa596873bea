/// A top-level resolve's path buffer as a value on the stack: ``ResolutionFrames/count``
/// words, zeroed.
///
/// For code not specialized for the resolve's result (a resolve through a metatype only known
/// at run time, such as `any Any.Type`), where `withUnsafeTemporaryAllocation`, whose
/// typed-throws form wraps its closure's result in a `Result<R, E>`, would look up that
/// `Result`'s generic metadata on every resolve that is not a cache hit. Specialized code
/// allocates with `withUnsafeTemporaryAllocation` (see ``ResolutionFrames/init(_:)``), which
/// needs no zeroing.
///
/// Contract: as ``ResolutionFrames``: the frames given to ``withFrames(_:)``'s body must not
/// outlive the body.
///
/// Guarded by `ResolutionFramesTests`.
@usableFromInline
struct ResolutionFrameBuffer {
    @usableFromInline
    var words = InlineArray<32, UInt>(repeating: 0)

    @inlinable
    @inline(__always)
    init() {}

    /// Runs `body` with the buffer as ``ResolutionFrames``.
    @inlinable
    @inline(__always)
    mutating func withFrames<R>(_ body: (ResolutionFrames) throws(DIError) -> R) throws(DIError) -> R {
        unsafe assert(MemoryLayout.size(ofValue: words) == ResolutionFrames.count * MemoryLayout<UInt>.stride)
        return unsafe try withUnsafeMutablePointer(to: &words) { (array) throws(DIError) -> R in
            // NB: the array is `ResolutionFrames.count` pointer-sized, pointer-aligned words of
            // this stack frame, bound to `UnsafeObjectWord<Component>` (one word, same alignment)
            // only while `body` runs; the frames must not escape `body` (contract above).
            unsafe try UnsafeMutableRawPointer(array).withMemoryRebound(
                to: UnsafeObjectWord<Component>.self, capacity: ResolutionFrames.count
            ) { (frames) throws(DIError) -> R in
                unsafe try body(ResolutionFrames(_base: frames))
            }
        }
    }
}
