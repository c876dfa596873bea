/// The calling thread's slot for the resolve in progress (see ``_ActiveResolve``): a top-level
/// resolve publishes its state in it for the duration of a closure, and a resolve started
/// inside a factory on the same thread joins that state through a context of its own.
///
/// Contract (what a caller must NOT do):
/// - let a handle escape the call that got it from ``current``, or use it on another thread;
/// - join (``joining(_:)``) without a publication on the calling thread (``isJoinable``), or
///   from anywhere but inside the body of that publication, on its thread;
/// - run two joins that overlap other than by nesting: a join runs inside the publication's
///   body, in a factory the outer resolve is suspended in;
/// - write ``_ActiveResolve/Slot/active`` except through ``publishing(_:_:)``, which restores
///   the previous value when its body returns or throws, so publications nest.
///
/// Guarded by `ActiveResolveTests` (a join sees and changes the published state, and the
/// outer frames read what it changed; another thread sees none; the slot is restored after a
/// throw and after nested publications; deep recursion of joins).
@frozen @usableFromInline
@unsafe struct ActiveResolveSlot {
    // NB: the thread's slot, allocated once per thread and freed when the thread ends; the
    // handle is used only on its thread while the thread runs (contract above).
    @usableFromInline let _slot: UnsafeMutablePointer<_ActiveResolve.Slot>

    @inlinable @inline(__always) init(_ slot: UnsafeMutablePointer<_ActiveResolve.Slot>) { unsafe _slot = unsafe slot }

    /// The calling thread's slot, made on first need.
    @inlinable @inline(__always) static var current: ActiveResolveSlot { unsafe ActiveResolveSlot(_ActiveResolve.slot()) }

    /// Whether a resolve is in progress on this thread, which ``joining(_:)`` joins.
    @inlinable @inline(__always) var isJoinable: Bool { unsafe _slot.pointee.active != nil }

    /// The lowest stack address a resolve may reach on this thread.
    @inlinable @inline(__always) func stackLimit() -> UInt { unsafe _slot.pointee.stackLimit() }

    /// Runs `body` with the state of `context` published as the resolve in progress on this
    /// thread, so that ``joining(_:)`` reaches it, then restores what was published before
    /// (also on a throw).
    @inlinable @inline(__always) func publishing<R>(_ context: ResolutionContext, _ body: () throws(DIError) -> R) throws(DIError) -> R {
        let previous = unsafe _slot.pointee.active
        unsafe _slot.pointee.active = unsafe context.state
        defer { unsafe _slot.pointee.active = unsafe previous }
        return try body()
    }

    /// Runs `body` with a context of its own on the state published on this thread.
    ///
    /// What `body` changes, the publisher reads. Call it only when ``isJoinable``.
    @inlinable func joining<R, E: Error>(_ body: (inout ResolutionContext) throws(E) -> R) throws(E) -> R {
        // NB: the state of the resolve running further up this thread's stack, suspended in a
        // factory meanwhile (contract above); `unsafelyUnwrapped`: `isJoinable` was asked.
        var context = unsafe ResolutionContext(_slot.pointee.active.unsafelyUnwrapped)
        return try body(&context)
    }

    /// The resolve `DIContainer.detached { }` interrupted on this thread, while its body runs;
    /// `0` for none.
    var detachedFrom: Int { unsafe _slot.pointee.detachedFrom }

    /// Runs `body` with nothing published on this thread (a resolve it starts is top-level)
    /// and `interrupted` as ``detachedFrom``, then restores both.
    func withoutPublication<R, E: Error>(detachedFrom interrupted: Int, _ body: () throws(E) -> R) throws(E) -> R {
        let previous = unsafe _slot.pointee.active
        let previousDetachedFrom = unsafe _slot.pointee.detachedFrom
        unsafe _slot.pointee.active = nil
        unsafe _slot.pointee.detachedFrom = interrupted
        defer {
            unsafe _slot.pointee.active = unsafe previous
            unsafe _slot.pointee.detachedFrom = previousDetachedFrom
        }
        return try body()
    }
}
