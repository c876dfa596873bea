/// A value handed across an isolation boundary that the compiler cannot see is safe.
///
/// The package's one unchecked transfer: every `@unchecked Sendable` wrapper of a single value
/// is this type.
///
/// Contract: the sender stops using `value` once it is wrapped, or every later use on both sides
/// is guarded by something the compiler does not see (a lock, a happens-before edge of a task's
/// start or end). Each use names which, in an `NB:` beside it.
///
/// `package`: DILifetime's weak cell keeps its non-Sendable state in one.
///
/// Guarded by `UnsafeTransferTests`.
// NB: @unchecked: the contract above is the caller's, stated at each use.
@frozen @usableFromInline
package struct UnsafeTransfer<Value>: @unchecked Sendable {
    @usableFromInline package var value: Value

    @inlinable @unsafe
    package init(_ value: Value) { self.value = value }
}
