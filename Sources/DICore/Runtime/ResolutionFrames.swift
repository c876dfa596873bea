/// The stack buffer of a top-level resolve's path: ``count`` unretained components, reached
/// through a pointer into the top-level resolve's stack frame (or no buffer at all, ``none``,
/// for an awaited resolve, whose path lives in its session).
///
/// Contract (what a caller must NOT do):
/// - use the frames after the closure that made them (the one `withUnsafeTemporaryAllocation`
///   gave the record to, or ``ResolutionFrameBuffer/withRecord(_:)``) returns: they point into
///   its stack frame, so whatever holds them (a `ResolveState`) must not escape that closure;
/// - read an index that was not written first in the same resolve (the buffer starts
///   uninitialized), or an index at or past ``count``, or any index of ``none``;
/// - read a component past the time it is on the path: entries do not retain (the path's
///   components are kept by their containers' bindings, and the resolve keeps the container).
///
/// Guarded by `ResolutionFramesTests` (a model test against an array of components).
@frozen @usableFromInline
@unsafe struct ResolutionFrames {
    // NB: a pointer to `count` words of a live stack frame (contract above), or nil for none.
    @usableFromInline
    let _base: UnsafeMutablePointer<UnsafeObjectWord<Component>>?

    @inlinable @inline(__always)
    init(_base: UnsafeMutablePointer<UnsafeObjectWord<Component>>?) { unsafe self._base = unsafe _base }

    /// How many components a buffer holds.
    @inlinable @inline(__always)
    static var count: Int { 32 }

    /// No buffer: the path lives elsewhere.
    @inlinable @inline(__always)
    static var none: ResolutionFrames { unsafe ResolutionFrames(_base: nil) }

    /// Whether there is a buffer (not ``none``).
    @inlinable @inline(__always)
    var exists: Bool { unsafe _base != nil }

    /// The buffer's address: where in the stack the top-level resolve's frame is; 0 for
    /// ``none``.
    @inlinable @inline(__always)
    var address: UInt { unsafe UInt(bitPattern: _base) }

    /// The component at `index`, which must be below ``count`` and written before.
    @inlinable @inline(__always)
    subscript(index: Int) -> UnsafeObjectWord<Component> {
        get {
            unsafe assert(exists && index >= 0 && index < Self.count)
            // NB: in bounds of a live buffer (contract above; checked in debug builds).
            return unsafe _base.unsafelyUnwrapped[index]
        }
        nonmutating set {
            unsafe assert(exists && index >= 0 && index < Self.count)
            // NB: as for the getter; the entry is a plain word, nothing to release.
            unsafe _base.unsafelyUnwrapped[index] = newValue
        }
    }
}
