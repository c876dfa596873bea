/// An object reference kept as a plain word, retained or not as its user decides.
///
/// The one home of `Unmanaged` in the package: the lock-free tables store references as words
/// in atomics, and the hot paths read objects that something else keeps alive without a retain
/// and release per read.
///
/// Contract:
/// - A word made by ``init(unretained:)`` owns nothing: the object must be kept alive by
///   something else for as long as the word is read (a container keeps its components and
///   tables; a slot keeps its instance while a reader is counted in).
/// - A word made by ``retaining(_:)`` owns one strong reference, given back exactly once, by
///   ``release()`` or ``takeRetained()``.
/// - ``init(bits:)`` takes only bits another `UnsafeObjectWord` of the same object gave; never 0.
/// - ``withObject(_:)`` lends the object to its body without a retain: the body must not let
///   it escape past the life of whatever keeps the object.
///
/// `package`: DIScopes keeps its cache storage and the instances it drops as words.
///
/// Guarded by `UnsafeObjectWordTests`.
@frozen @usableFromInline
@unsafe package struct UnsafeObjectWord<Object: AnyObject> {
    /// The reference.
    ///
    /// Stored as `Unmanaged` rather than as its address so that an optional word is one word
    /// too (`nil` is the null address `Unmanaged` never holds).
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// The object's address; never 0.
    @inlinable @inline(__always) package var bits: UInt { unsafe UInt(bitPattern: unmanaged.toOpaque()) }

    /// A word for `object` that owns no reference to it.
    @inlinable @inline(__always) package init(unretained object: Object) {
        // NB: an address only; whoever made the word keeps the object alive (contract above).
        unsafe unmanaged = unsafe Unmanaged.passUnretained(object)
    }

    /// A word for `object` that owns one strong reference to it.
    @inlinable @inline(__always) package static func retaining(_ object: Object) -> Self {
        // NB: the reference taken here is given back by `release()` or `takeRetained()`.
        unsafe Self(unretained: object).retain()
    }

    /// The word whose ``bits`` are `bits`, which must be such a word's and not 0.
    @inlinable @inline(__always) package init(bits: UInt) {
        // NB: bits another word of this object gave (contract above), never 0.
        unsafe unmanaged = unsafe Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// The word whose ``bits`` are `bits`, or nil for 0.
    @inlinable @inline(__always) package init?(nonzero bits: UInt) {
        guard let address = unsafe UnsafeRawPointer(bitPattern: bits) else { return nil }
        unsafe unmanaged = unsafe Unmanaged.fromOpaque(address)
    }

    /// Runs `body` with the object, lent without a retain.
    @inlinable @inline(__always) package func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        // NB: the object is alive for the call (contract above): no retain, no release.
        unsafe try unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The object, as a new strong reference; the word keeps what it owned.
    @inlinable @inline(__always) package var object: Object { unsafe unmanaged.takeUnretainedValue() }

    /// The object, taking over the reference the word owned.
    @inlinable @inline(__always) package func takeRetained() -> Object { unsafe unmanaged.takeRetainedValue() }

    /// Takes one more strong reference, owned by the word returned.
    @inlinable @inline(__always) @discardableResult package func retain() -> Self {
        _ = unsafe unmanaged.retain()
        return unsafe self
    }

    /// Gives back the strong reference the word owned.
    @inlinable @inline(__always) package func release() { unsafe unmanaged.release() }

    /// Runs `body`, which throws only a ``DIError``, with the object lent as ``withObject(_:)``
    /// lends it, and throws what `body` throws, typed.
    // NB: a name of its own, for the builds only: this do/catch, inlined into a cached hit,
    // stops the optimizer inlining the public resolve.
    @inlinable @inline(__always)
    package func buildWithObject<Result>(_ body: (Object) throws(DIError) -> Result) throws(DIError) -> Result {
        do { return unsafe try unmanaged._withUnsafeGuaranteedRef(body) } catch { throw error as! DIError }
    }
}

// NB: @unchecked: a word of a `Sendable` object crosses as the object itself would; the word
// adds no state of its own (`Unmanaged` is not `Sendable` only because it does not know its
// object is).
extension UnsafeObjectWord: @unchecked Sendable where Object: Sendable {}
