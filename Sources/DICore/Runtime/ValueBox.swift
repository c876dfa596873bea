/// A value-type instance kept by a cache, as ``UnsafeInstanceBoxing`` boxes it.
///
/// Contract: the value is immutable; whoever shares the box across threads shares the value,
/// which is the user's call (a component's instance is handed to whoever resolves it).
///
/// Guarded by `UnsafeInstanceBoxingTests`.
// NB: @unchecked: the value is immutable and handed out by copy (contract above).
@usableFromInline final class ValueBox<T>: @unchecked Sendable, ValueBoxProtocol {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }

    var valueType: Any.Type { Swift.type(of: value) }
}

/// A boxed value of any type, for messages that name what a storage returned, and for a
/// `SharedGraph`, which holds the object a box's value may be weakly.
protocol ValueBoxProtocol: AnyObject {
    var valueType: Any.Type { get }
    /// The object the box holds and how to box it again, or `nil` for a value.
    func sharedObject() -> (AnyObject, @Sendable (AnyObject) -> AnyObject)?
}
