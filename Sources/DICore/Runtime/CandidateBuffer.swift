/// The candidates of one type in registration order, shared by the type's bindings: each
/// binding reads the first `count` of them, and a later binding appends to the same buffer
/// while it has room, so publishing a registration copies none of the earlier candidates.
///
/// Contract:
/// - Elements are only appended, never changed or removed; the header (how many are
///   initialized) is read and written only by the registry, with its lock held, and in
///   `deinit`.
/// - A reader reads elements below the count of the binding it holds, and holds the buffer
///   (a strong reference) while it does: those elements were initialized before that binding
///   was published, and the binding's publication orders them for the reader.
/// - ``appending(_:after:)`` appends in place only when the caller's prefix is the whole
///   buffer (it extends the newest binding); otherwise, or when full, it copies into a buffer
///   twice as large, so appending costs amortized constant time.
///
/// Guarded by `CandidateBufferTests` (a model test against `Array`) and, through the registry,
/// `ManyRegistrationsTests` and `GrowthTests`.
// NB: not Sendable (`ManagedBuffer` is not); a ``Binding``, `@unchecked Sendable`, shares it
// across threads under the contract above.
final class CandidateBuffer: ManagedBuffer<Int, AnyCandidate> {
    /// A buffer holding `candidates`, with room for at least `capacity` of them.
    static func make(_ candidates: some Collection<AnyCandidate>, capacity: Int) -> CandidateBuffer {
        let buffer = CandidateBuffer.create(minimumCapacity: Swift.max(capacity, candidates.count, 2)) { _ in 0 }
        // NB: `create` returns the dynamic subclass it allocated.
        let typed = unsafe UnsafeCast.downcast(buffer, to: CandidateBuffer.self)
        for candidate in candidates { typed.appendInPlace(candidate) }
        return typed
    }

    deinit {
        _ = unsafe withUnsafeMutablePointers { count, elements in unsafe elements.deinitialize(count: count.pointee) }
    }

    /// The candidate at `position`, which must be below the count of a binding the caller
    /// holds.
    subscript(position: Int) -> AnyCandidate {
        unsafe withUnsafeMutablePointerToElements { unsafe $0[position] }
    }

    /// The buffer holding the first `prefix` candidates of this one, then `candidate`.
    ///
    /// This one, appended to, when `prefix` is all it holds and it has room; else a copy with
    /// twice the room. Call with the registry locked.
    func appending(_ candidate: AnyCandidate, after prefix: Int) -> CandidateBuffer {
        if header == prefix && prefix < capacity {
            appendInPlace(candidate)
            return self
        }
        let larger = CandidateBuffer.make((0..<prefix).lazy.map { self[$0] }, capacity: prefix * 2)
        larger.appendInPlace(candidate)
        return larger
    }

    /// Appends `candidate`, for which the buffer has room.
    private func appendInPlace(_ candidate: AnyCandidate) {
        precondition(header < capacity, "a candidate buffer appended to past its capacity")
        unsafe withUnsafeMutablePointers { count, elements in
            unsafe (elements + count.pointee).initialize(to: candidate)
            unsafe count.pointee += 1
        }
    }
}
