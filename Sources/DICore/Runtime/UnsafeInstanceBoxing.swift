/// How an instance of any type is kept as an `AnyObject` (by caches, slots, shared graphs)
/// and recovered: a class instance as itself, any other value in a ``ValueBox``.
///
/// Contract (what a caller must NOT do):
/// - pass an `isReferenceType` other than `T.self is AnyObject.Type` (the caller asks it once,
///   in code specialized for `T`): a class instance is reinterpreted as an object reference,
///   anything else boxed;
/// - unbox as `T` an object that ``box(_:isReferenceType:)`` did not make of a `T`;
/// - unbox a word that does not own what the form says: ``unbox(borrowing:as:isReferenceType:)``
///   takes a word something else keeps alive, ``unbox(consuming:as:isReferenceType:)`` a word
///   that owns one reference, given back here.
///
/// Guarded by `UnsafeInstanceBoxingTests` (round trips of classes, structs, enums, existentials,
/// optionals; identity of class instances kept; a value boxed once).
@usableFromInline enum UnsafeInstanceBoxing {
    /// `value` as an object: itself for a class instance, else a new ``ValueBox``.
    @inlinable @inline(__always) @unsafe static func box<T>(_ value: T, isReferenceType: Bool) -> AnyObject {
        // NB: unsafeBitCast: `isReferenceType` says `T` is a class type, whose value is one
        // object reference (contract above); any other `T` is boxed.
        unsafe isReferenceType ? unsafeBitCast(value, to: AnyObject.self) : ValueBox(value)
    }

    /// The `T` that ``box(_:isReferenceType:)`` made `object` of.
    @inlinable @inline(__always) @unsafe static func unbox<T>(_ object: AnyObject, as _: T.Type, isReferenceType: Bool) -> T {
        // NB: unsafeBitCast and unsafeDowncast: the object is what `box` made of a `T`.
        unsafe isReferenceType ? unsafeBitCast(object, to: T.self) : unsafeDowncast(object, to: ValueBox<T>.self).value
    }

    /// The `T` that `word`'s object was made of, borrowed from whatever keeps it alive: one
    /// retain, for the instance returned.
    @inlinable @inline(__always)
    @unsafe static func unbox<T>(borrowing word: UnsafeObjectWord<AnyObject>, as _: T.Type, isReferenceType: Bool) -> T {
        // NB: as `unbox(_:as:isReferenceType:)`; `object` then a cast of the result would
        // retain twice.
        if isReferenceType { return unsafe unsafeBitCast(word.object, to: T.self) }
        return unsafe word.withObject { unsafe unsafeDowncast($0, to: ValueBox<T>.self).value }
    }

    /// The `T` that `word`'s object was made of, taking over the reference the word owns: a
    /// class instance keeps it, a box gives it back once its value is copied out.
    @inlinable @inline(__always)
    @unsafe static func unbox<T>(consuming word: UnsafeObjectWord<AnyObject>, as _: T.Type, isReferenceType: Bool) -> T {
        // NB: as `unbox(_:as:isReferenceType:)`.
        if isReferenceType { return unsafe unsafeBitCast(word.takeRetained(), to: T.self) }
        let value = unsafe word.withObject { unsafe unsafeDowncast($0, to: ValueBox<T>.self).value }
        unsafe word.release()
        return value
    }

    /// Whether `T`, not a class type, is a concrete value type (a struct, an enum, an
    /// optional, a tuple, a function, a metatype), whose values are never class instances;
    /// `false` for an existential (`any P`, `Any`, `any P & Q`), whose values may be.
    @inlinable @unsafe static func isConcreteValueType<T>(_: T.Type) -> Bool {
        // NB: the first word of a type's metadata is its kind (`MetadataKind` of the Swift
        // ABI, stable since Swift 5): 0x303 for an existential. Read only for a type that is
        // not a class (contract of the caller), whose metadata has that word first on every
        // platform.
        let kind = unsafe unsafeBitCast(T.self as Any.Type, to: UnsafePointer<UInt>.self).pointee
        return kind != 0x303
    }
}

/// A class-bound existential with one witness table (`any P` of a protocol `P: AnyObject`)
/// as its two words: the object reference and the witness table, so that a cache can keep
/// the object alone and the candidate its witness table (`Candidate`).
///
/// Contract: ``split(_:)`` and ``join(_:_:as:)`` only for a `T` that ``isObjectAndWitness(_:)``,
/// joining a witness table only with an object whose `T` it came from.
///
/// Guarded by `UnsafeInstanceBoxingTests` (told apart from other types; a round trip keeps
/// the object and calls its witness).
extension UnsafeInstanceBoxing {
    /// Whether `T` is a class-bound existential with one witness table (two words), read from
    /// its metadata.
    static func isObjectAndWitness<T>(_: T.Type) -> Bool {
        // NB: the metadata of an existential (kind 0x303, as `isConcreteValueType(_:)` reads
        // it) has its flags in the low half of its second word (`ExistentialTypeFlags` of the
        // Swift ABI): bit 31 clear for a class constraint, the number of witness tables in
        // bits 0-23. Read only after the kind says it is one.
        let metadata = unsafe unsafeBitCast(T.self as Any.Type, to: UnsafePointer<UInt>.self)
        guard unsafe metadata.pointee == 0x303 else { return false }
        return unsafe UInt32(truncatingIfNeeded: metadata[1]) & 0x80FF_FFFF == 1
    }

    /// Whether `T` may be such an existential: `false`, folded, where `T` is known to be a
    /// class or not to be two words.
    @inlinable @inline(__always) static func mayBeObjectAndWitness<T>(_: T.Type) -> Bool {
        _canBeClass(T.self) != 1 && MemoryLayout<T>.size == 2 * MemoryLayout<UInt>.size
    }

    /// `value`'s object and witness table.
    @inlinable @inline(__always) @unsafe static func split<T>(_ value: T) -> (object: AnyObject, witness: UInt) {
        // NB: unsafeBitCast: a class-bound existential is an object reference then its
        // witness tables (Swift ABI); the contract above says `T` has one.
        unsafe unsafeBitCast(value, to: (AnyObject, UInt).self)
    }

    /// The `T` of `object` and `witness`, which ``split(_:)`` took from a `T`; consumes
    /// `object`'s reference.
    @inlinable @inline(__always) @unsafe static func join<T>(_ object: AnyObject, _ witness: UInt, as _: T.Type) -> T {
        // NB: unsafeBitCast: the inverse of `split(_:)`.
        unsafe unsafeBitCast((object, witness), to: T.self)
    }
}
