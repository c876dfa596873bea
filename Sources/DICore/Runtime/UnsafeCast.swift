/// Casts whose correctness the caller knows and the compiler cannot check: each is `@unsafe`,
/// so every call is written `unsafe` where the caller takes on the contract below.
///
/// The one home of `unsafeDowncast` and `unsafeBitCast` for values: a type-erased component,
/// candidate or getter recovered as the type it was made for.
///
/// Contract: the value must be of the target type, and set (`downcast`), or of a type with the same
/// layout and meaning (`reinterpret`). Debug builds check `downcast` and the sizes of
/// `reinterpret`; release builds check nothing.
///
/// `package`: DILifetime recovers its cells from a component's lifetime state.
///
/// Guarded by `UnsafeCastTests`.
@usableFromInline package enum UnsafeCast {
    /// `object` as `Target`, which it is.
    @inlinable @inline(__always) @unsafe package static func downcast<Target: AnyObject>(_ object: AnyObject, to _: Target.Type) -> Target {
        // NB: the caller knows the dynamic type (contract above); debug builds check it.
        unsafe unsafeDowncast(object, to: Target.self)
    }

    /// `object`, which is not `nil`, as `Target`, which it is: a reference kept optional that
    /// the caller knows is set (a lifetime's state once made).
    @inlinable @inline(__always)
    @unsafe package static func downcast<Target: AnyObject>(unwrapping object: AnyObject?, to _: Target.Type) -> Target {
        // NB: unsafelyUnwrapped: set (contract above); debug builds check it, and the type.
        unsafe unsafeDowncast(object.unsafelyUnwrapped, to: Target.self)
    }

    /// `value`'s bits as a `Target`, a type of the same layout whose every value `value` is.
    @inlinable @inline(__always) @unsafe package static func reinterpret<Source, Target>(_ value: Source, as _: Target.Type) -> Target {
        assert(MemoryLayout<Source>.size == MemoryLayout<Target>.size)
        // NB: same size (checked in debug builds) and the same meaning (contract above).
        return unsafe unsafeBitCast(value, to: Target.self)
    }
}
