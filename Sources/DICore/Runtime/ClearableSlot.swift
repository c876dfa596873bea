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
    /// The instance, retained once by the slot while it is published.
    // NB: Unmanaged: the slot's strong reference, taken when the instance is published and
    // given up only after `readers.advance()` has seen every reader that may hold the pointer
    // unretained end.
    private let reference = unsafe Atomic<Unmanaged<AnyObject>?>(nil)
    /// The readers' gate, advanced by each unpublish; its ``GenerationGate/ended`` counts every
    /// read.
    private let readers = GenerationGate()
    /// Reads of ``retainedObject()`` that returned `nil`.
    private let missedReads = Atomic<Int>(0)
    /// Serializes writers; holds how many times the slot was cleared (its generation), and the
    /// build claimed in the slot.
    ///
    /// A ``Locked`` in the slot rather than a `Protected` beside it: one allocation per slot,
    /// not two.
    private let writer = Locked(Writer())
    /// The generation (how many times the slot was cleared), also readable without the lock:
    /// written under the writers' lock with the mutex's count, so both always agree.
    private let generationStamp = Atomic<Int>(0)

    /// What the writers' lock guards.
    struct Writer {
        /// How many times the slot was cleared: its generation.
        var clears = 0
        /// The build claimed in the slot (``claimBuild(by:)``): its owner's resolve identifier
        /// shifted left by one, with bit 0 set once the build is published in the build gate;
        /// 0 while none is claimed.
        var build = 0
        /// The slots that keep a form of this slot's instance (``addDependent(_:)``).
        var dependents: [ClearableSlot] = []
    }

    package init() {}

    deinit {
        unsafe reference.load(ordering: .acquiring)?.release()
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
        var retained: Unmanaged<AnyObject>?
        readers.ifCurrent(readers.current) { unsafe retained = unsafe reference.load(ordering: .sequentiallyConsistent)?.retain() }
        if unsafe retained == nil { missedReads.wrappingAdd(1, ordering: .relaxed) }
        return unsafe retained.map { unsafe UnsafeObjectWord($0) }
    }

    /// How many reads of ``retainedObject()`` returned an instance; exact once no read is under
    /// way.
    package var servedReads: Int {
        readers.ended &- missedReads.load(ordering: .relaxed)
    }

    /// The instance, if the slot holds one, read under the writers' lock (never a spurious
    /// `nil`).
    package var object: AnyObject? {
        withWriter { _ in unsafe reference.load(ordering: .acquiring)?.takeUnretainedValue() }
    }

    /// Makes `instance` (or nothing) the slot's, and returns the instance it replaces, as a
    /// word owning the slot's reference; call `release()` on it after unlocking any lock of
    /// yours, as its `deinit` may run.
    package func exchange(_ instance: AnyObject?) -> UnsafeObjectWord<AnyObject>? {
        let new = unsafe instance.map { unsafe Unmanaged.passRetained($0) }
        let (old, dependents) = withWriter { writer in unsafe (unpublish(replacingWith: new), writer.dependents) }
        for dependent in dependents { dependent.clear() }
        return unsafe UnsafeObjectWord(nonzero: old)
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
        withWriter { writer in keepLocked(instance, ifClears: generation ?? writer.clears, in: writer) }
    }

    /// ``store(_:ifClears:)``'s body; call with the writers' lock held.
    private func keepLocked(_ instance: AnyObject, ifClears generation: Int, in writer: Writer) {
        guard unsafe reference.load(ordering: .relaxed) == nil, generation == writer.clears else { return }
        unsafe reference.store(Unmanaged.passRetained(instance), ordering: .sequentiallyConsistent)
    }

    /// Claims the build of the slot's instance for the resolve `claimant` (a build gate's
    /// claim): `.instance` if the slot holds one, `.claimed` (with the generation the build
    /// begins in) if no build is claimed, else `.running` with the owner of the build claimed,
    /// after `publish(owner)` has run with the lock held; the build counts as published from
    /// then on.
    ///
    /// An uncontended build thus takes this lock and ``endBuild(by:keeping:builtIn:)``'s, and
    /// no lock of the gate: the gate learns of it when a second claim finds it running.
    package func claimBuild<Running>(by claimant: Int, publish: (_ owner: Int) -> sending Running) -> SlotClaim<Running> {
        withWriter { writer -> SlotClaim<Running> in
            if let object = unsafe reference.load(ordering: .relaxed) {
                return .instance(unsafe object.takeUnretainedValue())
            }
            guard writer.build != 0 else {
                writer.build = claimant << 1
                return .claimed(generation: writer.clears)
            }
            writer.build |= 1
            return .running(publish(writer.build >> 1))
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
            if let instance { keepLocked(instance, ifClears: generation, in: writer) }
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
        let (dropped, dependents) = withWriter { writer in
            writer.clears += 1
            // NB: sequentially consistent, as the lock-free read in `clears`: a request
            // that begins after this clear returns reads the new generation.
            generationStamp.store(writer.clears, ordering: .sequentiallyConsistent)
            return unsafe (unpublish(replacingWith: nil), writer.dependents)
        }
        for dependent in dependents { dependent.clear() }
        // The last reference may go here, outside the lock: a deinit may resolve again.
        unsafe UnsafeObjectWord<AnyObject>(nonzero: dropped)?.release()
    }

    /// Runs `body` with the writers' lock held.
    private func withWriter<R>(_ body: (inout Writer) -> sending R) -> sending R {
        writer.withLock(in: self) { writer in
            #if DI_CHECK_INVARIANTS
                defer { _checkInvariants(clears: writer.clears) }
            #endif
            return body(&writer)
        }
    }

    /// Publishes `new` (already retained) in place of the current instance, and returns the
    /// current one once no reader can still hold it unretained, as its address (0 for none).
    /// Call with the writers' lock held.
    // NB: an address, so that it leaves the lock as a Sendable value; the reference it stands
    // for is the slot's, handed over to the caller.
    private func unpublish(replacingWith new: Unmanaged<AnyObject>?) -> UInt {
        guard let old = unsafe reference.exchange(new, ordering: .sequentiallyConsistent) else { return 0 }
        // Readers that start now see the new generation; this waits only for those under way.
        readers.advance()
        return unsafe UInt(bitPattern: old.toOpaque())
    }
}

/// What a claim of a slot's build comes to (``ClearableSlot/claimBuild(by:publish:)``).
package enum SlotClaim<Running> {
    /// The slot holds an instance.
    case instance(AnyObject)
    /// The claimant builds, from the slot's `generation`.
    case claimed(generation: Int)
    /// Another build is claimed; what `publish` returned for it.
    case running(Running)
}

#if DI_CHECK_INVARIANTS
    extension ClearableSlot {
        /// With the writers' lock held: the lock-free generation agrees with the lock's count,
        /// and the readers' gate is consistent.
        func _checkInvariants(clears: Int) {
            precondition(generationStamp.load(ordering: .relaxed) == clears, "the generation drifted from the lock's")
            readers._checkInvariants()
        }
    }
#endif
