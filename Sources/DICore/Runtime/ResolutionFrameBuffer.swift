/// A top-level resolve's state and path buffer as a value on the stack: at least
/// ``ResolutionContext/recordByteCount`` bytes, zeroed.
///
/// For code not specialized for the resolve's result (a resolve through a metatype only known
/// at run time, such as `any Any.Type`), where `withUnsafeTemporaryAllocation`, whose
/// typed-throws form wraps its closure's result in a `Result<R, E>`, would look up that
/// `Result`'s generic metadata on every resolve that is not a cache hit. Specialized code
/// allocates with `withUnsafeTemporaryAllocation`, which needs no zeroing.
///
/// Contract: the record given to ``withRecord(_:)``'s body, and the context made in it, must
/// not outlive the body.
///
/// Guarded by `ResolutionFramesTests`.
@usableFromInline
struct ResolutionFrameBuffer {
    @usableFromInline
    var words = InlineArray<40, UInt>(repeating: 0)

    @inlinable
    @inline(__always)
    init() {}

    /// Runs `body` with the buffer's bytes, which it may bind to the state and frames of a
    /// context (``ResolutionContext/init(stateIn:origin:session:callerIsolation:stackLimit:)``).
    @inlinable
    @inline(__always)
    mutating func withRecord<R>(_ body: (UnsafeMutableRawPointer) throws(DIError) -> R) throws(DIError) -> R {
        assert(MemoryLayout.size(ofValue: words) >= ResolutionContext.recordByteCount)
        return unsafe try withUnsafeMutablePointer(to: &words) { (array) throws(DIError) -> R in
            // NB: pointer-sized, pointer-aligned words of this stack frame, bound to the
            // context's state and frames while `body` runs, then to words again; the record
            // must not escape `body` (contract above).
            defer { unsafe UnsafeMutableRawPointer(array).bindMemory(to: UInt.self, capacity: 40) }
            return unsafe try body(UnsafeMutableRawPointer(array))
        }
    }
}
