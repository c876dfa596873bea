/// Casts whose correctness the caller knows and the compiler cannot check: each is `@unsafe`,
/// so every call is written `unsafe` where the caller takes on the contract below.
///
/// The one home of `unsafeDowncast` and `unsafeBitCast` for values: a type-erased component,
/// candidate or getter recovered as the type it was made for.
///
/// Contract: the value must be of the target type (`downcast`), or of a type with the same
/// layout and meaning (`reinterpret`). Debug builds check `downcast` and the sizes of
/// `reinterpret`; release builds check nothing.
///
/// Guarded by `UnsafeCastTests`.
@usableFromInline enum UnsafeCast {
    /// `object` as `Target`, which it is.
    @inlinable @inline(__always) @unsafe static func downcast<Target: AnyObject>(_ object: AnyObject, to _: Target.Type) -> Target {
        // NB: the caller knows the dynamic type (contract above); debug builds check it.
        unsafe unsafeDowncast(object, to: Target.self)
    }

    /// `value`'s bits as a `Target`, a type of the same layout whose every value `value` is.
    @inlinable @inline(__always) @unsafe static func reinterpret<Source, Target>(_ value: Source, as _: Target.Type) -> Target {
        assert(MemoryLayout<Source>.size == MemoryLayout<Target>.size)
        // NB: same size (checked in debug builds) and the same meaning (contract above).
        return unsafe unsafeBitCast(value, to: Target.self)
    }
}
