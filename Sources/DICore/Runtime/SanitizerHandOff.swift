/// Tells the thread sanitizer that a lock was taken and given back: the package's one lock
/// hand-off, used by ``Protected`` and ``Locked`` (also ``ClearableSlot``'s writers' lock).
///
/// On Linux, `Synchronization.Mutex` hands a contended lock over in the kernel (a
/// priority-inheriting futex), out of the thread sanitizer's sight, so a sanitized run would
/// report races on state that is in fact guarded. A lock calls ``acquire(_:)`` first thing
/// inside its critical section and ``release(_:)`` last thing, naming itself by an object it
/// lives in. Outside a sanitized build both hooks are `nil`: each call is one predictable
/// branch.
///
/// Contract: the object passed names the lock; it is never dereferenced, and must be the same
/// object for the acquire and its release. Do not call either outside the critical section.
///
/// Guarded by `SanitizerHandOffTests`, and by `ProtectedTests`/`LockedTests` under
/// `--sanitize=thread`.
@frozen @usableFromInline
@safe struct SanitizerHandOff: Sendable {
    /// A sanitizer entry point taking an address: `void __tsan_acquire(void *)`.
    @usableFromInline typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    @usableFromInline let acquireHook: Hook?
    @usableFromInline let releaseHook: Hook?

    /// The process's hooks, looked up once; `nil` hooks when the sanitizer is not linked in.
    static let current = unsafe SanitizerHandOff(
        acquireHook: CSymbol.lookup("__tsan_acquire", as: Hook.self),
        releaseHook: CSymbol.lookup("__tsan_release", as: Hook.self))

    /// Announces that the lock `owner` names was just taken.
    @inlinable @inline(__always) func acquire(_ owner: AnyObject) {
        // NB: only an address, the sanitizer's name for this lock; never dereferenced.
        unsafe acquireHook?(UnsafeMutableRawPointer(bitPattern: UnsafeObjectWord(unretained: owner).bits))
    }

    /// Announces that the lock `owner` names is about to be given back.
    @inlinable @inline(__always) func release(_ owner: AnyObject) {
        // NB: only an address, as in `acquire(_:)`.
        unsafe releaseHook?(UnsafeMutableRawPointer(bitPattern: UnsafeObjectWord(unretained: owner).bits))
    }
}
