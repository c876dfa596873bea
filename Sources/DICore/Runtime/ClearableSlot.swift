import Synchronization

/// A strong reference to a cached instance that can be dropped, read without a lock.
///
/// The primitive of lifetimes that keep one instance until told to drop it
/// (`.perContainer(.strong)` and `clean()`, a scope's `DICacheStorage`): the resolver reads a
/// hit inline with ``retainedObject()``, which loads the instance and retains it without
/// taking any lock.
///
/// Dropping an instance must not free it under a reader that has loaded it but not yet
/// retained it. Readers therefore load and retain in a body of the slot's own
/// ``GenerationGate`` (on the slot itself, so readers of different slots share nothing), and a
/// writer that drops an instance first unpublishes it, then advances the gate, which waits
/// until every reader that may have loaded it has ended, and only then lets it go: ``clear()``
/// still releases the instance before it returns. Readers never wait; a writer waits for a
/// load and a retain at most.
///
/// Contract: a caller of ``retainedObject()`` owns the reference it returns and releases it
/// once; a caller of ``exchange(_:)`` releases the word it returns once, after unlocking its
/// own locks. The slot itself releases only outside its writers' lock, so a deinit it runs
/// may use the slot again. Do not write from inside a read: writers wait for readers.
///
/// Guarded by `ClearableSlotTests` (model and race tests: every instance freed exactly once,
/// never under a reader).
// NB: @unchecked: every stored property is an atomic or a lock; the instance itself is
// shared with every thread that asks, as any cached instance is.
@usableFromInline @safe package final class ClearableSlot: @unchecked Sendable {
    /// The bits of an ``UnsafeObjectWord`` of the instance, retained once by the slot while it
    /// is published; 0 for none.
    // NB: the slot's strong reference, taken when the instance is published and given up only
    // after `readers.advance()` has seen every reader that may hold the pointer unretained end.
    private let reference = Atomic<UInt>(0)
    /// The readers' gate, advanced by each unpublish; its ``GenerationGate/ended`` counts every
    /// read.
    private let readers = GenerationGate()
    /// Reads of ``retainedObject()`` that returned `nil`.
    private let missedReads = Atomic<Int>(0)
    /// Serializes writers; holds the build claimed in the slot and the slot's dependents.
    ///
    /// A ``Locked`` in the slot rather than a `Protected` beside it: one allocation per slot,
    /// not two.
    private let writer = Locked(Writer())
    /// How many times the slot was cleared (its generation): written only under the writers'
    /// lock, read without it.
    private let generationStamp = Atomic<Int>(0)

    /// What the writers' lock guards.
    struct Writer {
        /// The build claimed in the slot (``claimBuild(by:publish:)``): its owner's resolve identifier
        /// shifted left by one, with bit 0 set once the build is published in the build gate;
        /// 0 while none is claimed.
        var build = 0
        /// The slots that keep a form of this slot's instance (``addDependent(_:)``).
        var dependents: [ClearableSlot] = []
    }

    package init() {}

    deinit {
        unsafe UnsafeObjectWord<AnyObject>(nonzero: reference.load(ordering: .acquiring))?.release()
    }

    /// The instance, retained for the caller, or `nil` if the slot holds none.
    ///
    /// Lock-free and wait-free. A read that overlaps a writer's advance of the readers' gate
    /// returns `nil`; the caller then takes its slow path.
    // NB: not inlined into the resolver: its code would crowd out the inline hit of the
    // set-once slot, which the optimizer then stops inlining.
    @usableFromInline package func retainedObject() -> UnsafeObjectWord<AnyObject>? {
        // NB: sequentially consistent (the gate's counters and load, and this load): a reader
        // the writer's advance did not count loads the pointer after the unpublish.
        var retained: UnsafeObjectWord<AnyObject>?
        readers.ifCurrent(readers.current) {
            unsafe retained = unsafe UnsafeObjectWord(nonzero: reference.load(ordering: .sequentiallyConsistent))?.retain()
        }
        if unsafe retained == nil { missedReads.wrappingAdd(1, ordering: .relaxed) }
        return unsafe retained
    }

    /// How many reads of ``retainedObject()`` returned an instance; exact once no read is under
    /// way.
    package var servedReads: Int {
        readers.ended &- missedReads.load(ordering: .relaxed)
    }

    /// The instance, if the slot holds one, read under the writers' lock (never a spurious
    /// `nil`).
    package var object: AnyObject? {
        withWriter { _ in unsafe UnsafeObjectWord<AnyObject>(nonzero: reference.load(ordering: .acquiring))?.object }
    }

    /// Makes `instance` (or nothing) the slot's, and returns the instance it replaces, as a
    /// word owning the slot's reference; call `release()` on it after unlocking any lock of
    /// yours, as its `deinit` may run.
    package func exchange(_ instance: AnyObject?) -> UnsafeObjectWord<AnyObject>? {
        unsafe unpublish(replacingWith: instance.map { unsafe UnsafeObjectWord.retaining($0).bits } ?? 0, isClear: false)
    }

    /// Makes `dependent` a slot that keeps a form of this slot's instance (a candidate's
    /// instance converted from it): cleared whenever this slot's instance is dropped or
    /// replaced, before that ``clear()`` or ``exchange(_:)`` returns.
    ///
    /// A form stored with ``store(_:ifClears:)`` given the generation of `dependent` read
    /// before this slot's instance was read never outlives that instance in `dependent`
    /// (`ExposureTests`).
    package func addDependent(_ dependent: ClearableSlot) {
        withWriter { writer in writer.dependents.append(dependent) }
    }

    /// How many times the slot was cleared (its generation), read without the lock.
    package var clears: Int { generationStamp.load(ordering: .sequentiallyConsistent) }

    /// Keeps `instance` unless the slot holds one already (the first kept stays) or, given the
    /// `generation` that ``clears`` read, was cleared since.
    package func store(_ instance: AnyObject, ifClears generation: Int? = nil) {
        withWriter { _ in keepLocked(instance, ifClears: generation ?? clears) }
    }

    /// ``store(_:ifClears:)``'s body; call with the writers' lock held.
    private func keepLocked(_ instance: AnyObject, ifClears generation: Int) {
        guard reference.load(ordering: .relaxed) == 0, generation == clears else { return }
        unsafe reference.store(UnsafeObjectWord.retaining(instance).bits, ordering: .sequentiallyConsistent)
    }

    /// Claims the build of the slot's instance for the resolve `claimant`, as the build gate
    /// claims a build: `.instance` if the slot holds one, `.build` (its ticket holding the
    /// generation the build begins in) if no build is claimed, else what `publish(owner)`,
    /// run with the lock held, makes of the build `owner` claimed; the build counts as
    /// published from then on.
    ///
    /// An uncontended build thus takes this lock and ``endBuild(by:keeping:builtIn:)``'s, and
    /// no lock of the gate: the gate learns of it when a second claim finds it running.
    func claimBuild(by claimant: Int, publish: (_ owner: Int) -> sending BuildGate.Claim) -> BuildGate.Claim {
        withWriter { writer -> BuildGate.Claim in
            if let object = unsafe UnsafeObjectWord<AnyObject>(nonzero: reference.load(ordering: .relaxed)) {
                return .instance(unsafe object.object)
            }
            guard writer.build != 0 else {
                writer.build = claimant << 1
                return .build(BuildGate.BuildTicket(key: buildKey, owner: claimant, generation: clears))
            }
            writer.build |= 1
            return publish(writer.build >> 1)
        }
    }

    /// Marks the build `owner` claimed in the slot as published in the build gate.
    package func publishBuild(by owner: Int) {
        withWriter { writer in
            if writer.build >> 1 == owner { writer.build |= 1 }
        }
    }

    /// Ends the build `owner` claimed in the slot, keeping `instance` (if any) unless the slot
    /// was cleared since `generation`; returns whether the build was published in the gate,
    /// which the owner must then finish there.
    package func endBuild(by owner: Int, keeping instance: AnyObject?, builtIn generation: Int) -> Bool {
        withWriter { writer in
            if let instance { keepLocked(instance, ifClears: generation) }
            guard writer.build >> 1 == owner else { return false }
            let isPublished = writer.build & 1 != 0
            writer.build = 0
            return isPublished
        }
    }

    /// Drops the instance: the slot no longer holds any reference to it, nor to one whose
    /// build is under way.
    ///
    /// A read that starts after `clear()` returns never gets it, nor a form of it from a
    /// dependent slot (``addDependent(_:)``), which is cleared first.
    package func clear() {
        // The last reference may go here, outside the lock: a deinit may resolve again.
        unsafe unpublish(replacingWith: 0, isClear: true)?.release()
    }

    /// Runs `body` with the writers' lock held.
    private func withWriter<R>(_ body: (inout Writer) -> sending R) -> sending R {
        writer.withLock(in: self) { writer in
            #if DI_CHECK_INVARIANTS
                defer { readers._checkInvariants() }
            #endif
            return body(&writer)
        }
    }

    /// Publishes `new` (the bits of a word owning a reference, or 0) in place of the current
    /// instance under the writers' lock, counting a clear if `isClear`, then clears the
    /// dependents; returns the instance replaced, owning the slot's reference, once no reader
    /// can still hold it unretained.
    private func unpublish(replacingWith new: UInt, isClear: Bool) -> UnsafeObjectWord<AnyObject>? {
        // NB: the old instance leaves the lock as bits, a Sendable value; the reference they
        // stand for is the slot's, handed over to the caller.
        let (old, dependents) = withWriter { writer in
            // NB: sequentially consistent, as the lock-free read in `clears`: a request
            // that begins after this clear returns reads the new generation.
            if isClear { generationStamp.wrappingAdd(1, ordering: .sequentiallyConsistent) }
            let old = reference.exchange(new, ordering: .sequentiallyConsistent)
            // Readers that start now see the new generation; this waits only for those under way.
            if old != 0 { readers.advance() }
            return (old, writer.dependents)
        }
        for dependent in dependents { dependent.clear() }
        return unsafe UnsafeObjectWord(nonzero: old)
    }
}
