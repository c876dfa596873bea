import Synchronization

/// An object made on first need and published atomically: racing callers all get the first
/// one published, the others' are released; the value releases it when destroyed.
///
/// The standard library's `AtomicLazyReference` does the same, but its methods are not
/// inlinable: called from here they are unspecialized, and look up generic metadata on every
/// call. This one is specialized in the module. ``InstanceSlot`` keeps its instance in one.
///
/// Contract (what a caller must NOT do): make an object in `make` that only it keeps alive
/// and use it after a lost race (the reference taken for it is released at once, when another
/// caller won the race), or hold the object past the value's life without its own strong
/// reference (``existing`` returns one; ``word`` does not).
///
/// Guarded by `AtomicLazyObjectTests` (many threads ask at once: one published, all get it,
/// the losers' and the winner freed).
@usableFromInline struct AtomicLazyObject<Object: AnyObject>: ~Copyable {
    /// The bits of an ``UnsafeObjectWord`` that owns one reference to the object; 0 until published.
    @usableFromInline let bits = Atomic<UInt>(0)

    init() {}

    /// The object published, if any, not retained: valid while this value lives.
    @inlinable var word: UnsafeObjectWord<Object>? { unsafe UnsafeObjectWord(nonzero: bits.load(ordering: .acquiring)) }

    /// The object published, if any.
    // NB: the word owns a reference this value keeps until its deinit; `object` takes another
    // for the caller.
    @inlinable var existing: Object? { unsafe word?.object }

    /// The object published, made by `make` and published first if there is none yet.
    func object(orMake make: () -> Object) -> Object {
        if let existing { return existing }
        let made = unsafe UnsafeObjectWord.retaining(make())
        let (exchanged, original) = unsafe bits.compareExchange(
            expected: 0, desired: made.bits, ordering: .acquiringAndReleasing)
        if exchanged { return unsafe made.object }
        // Another caller's object won; ours was never handed out.
        unsafe made.release()
        return unsafe UnsafeObjectWord<Object>(bits: original).object
    }

    deinit {
        // NB: the reference the word kept since `object(orMake:)`, given back once.
        unsafe UnsafeObjectWord<Object>(nonzero: bits.load(ordering: .acquiring))?.release()
    }
}

extension AtomicLazyObject: @unchecked Sendable where Object: Sendable {}
