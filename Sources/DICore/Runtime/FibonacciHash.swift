/// The package's one hash of a word: Fibonacci hashing, multiplying by 2^w/φ for the
/// platform's word width w (32 or 64 bits) and keeping the product's high bits.
///
/// Keys are addresses and small integers whose low bits repeat (type metadata is aligned);
/// the product's high bits depend on every bit of the key.
///
/// Contract: a table of 2^`bitCount` buckets takes ``bucket(of:shift:mask:)`` (the high
/// `bitCount` bits of ``mix(_:)``), never the low bits of ``mix(_:)``. `bitCount` is at most
/// `UInt.bitWidth`.
///
/// Guarded by `FibonacciHashTests`.
@usableFromInline enum FibonacciHash {
    /// 2^w/φ, rounded to an odd number, for this platform's word width w.
    @inlinable @inline(__always) static var multiplier: UInt {
        UInt.bitWidth == 64
            ? UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
            : UInt(truncatingIfNeeded: 0x9E37_79B9 as UInt64)
    }

    /// `key` mixed: every bit of the result's high half depends on every bit of `key`.
    @inlinable @inline(__always) static func mix(_ key: UInt) -> UInt { key &* multiplier }

    /// The bucket of `key` in a table of 2^`bitCount` buckets: the high `bitCount` bits of
    /// ``mix(_:)``.
    ///
    /// `shift` is `UInt.bitWidth - bitCount` and `mask` is `2^bitCount - 1`: a masking shift
    /// and no range check, for hot paths. The high bits for every `bitCount` (for 0, the shift
    /// wraps and the mask gives 0), as `BindingTableTests` checks.
    @inlinable @inline(__always) static func bucket(of key: UInt, shift: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: mix(key) &>> shift) & mask
    }
}
