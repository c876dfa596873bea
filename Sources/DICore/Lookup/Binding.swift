/// Everything one container knows about one requested type that is not answered by one
/// unqualified candidate alone (see ``TypeEntry``): the components exposed as it.
///
/// Immutable once published; the registry publishes a new binding when registrations change,
/// through the type's ``BindingSlot``, and frees the old one when no reader can still hold it.
/// A new binding extends the one it replaces (``init(extending:with:)``): it shares its
/// ``CandidateBuffer`` and carries its ``PrimaryChoice`` forward, so publishing a type's
/// registration costs the same however many components the type has (`GrowthTests`).
///
/// Not generic: its candidates are kept as ``AnyCandidate``s, each a component of the binding's
/// type `T` or a `Candidate<T>`, so the registry's unspecialized code makes it without looking
/// up generic metadata.
///
/// The first binding published for a type is also the type's ``BindingSlot``. The answer to an
/// unqualified request when it needs no further thought (the only unqualified candidate, or
/// the only default one), and its component when the candidate resolves it as its own type,
/// are the binding's own slot fields: ``BindingSlot/publish(_:)`` copies them from there into
/// the slot the table points at (usually the binding itself).
// NB: @unchecked as its superclass: the slot's fields are atomics, its own immutable lets.
@usableFromInline final class Binding: BindingSlot, @unchecked Sendable {
    /// Every candidate, in registration order, whatever its qualifier: the first ``count``
    /// of the buffer; never empty.
    ///
    /// Each is a component of the binding's type `T` or a `Candidate<T>`.
    private let buffer: CandidateBuffer
    /// How many candidates the binding has.
    let count: Int
    /// What the unqualified candidates are, for the choice of the primary one.
    let choice: PrimaryChoice

    /// Every candidate, in registration order, read in place.
    var candidates: Candidates { Candidates(buffer, count: count) }

    /// Whether `candidate`'s component has no name or tag.
    ///
    /// A component is read as itself, borrowed: no retain and release of it.
    static func isUnqualified(_ candidate: AnyCandidate) -> Bool {
        // NB: unchecked: `_isComponent` is set only by `Component`'s initializer; a cast would
        // look up generic metadata at run time.
        if candidate._isComponent { return unsafe UnsafeCast.downcast(candidate, to: Component.self).qualifiers.isEmpty }
        return candidate.component.qualifiers.isEmpty
    }

    /// The binding of `previous`'s candidates (none for a type's first binding) followed by
    /// `added`, in registration order; one candidate at least.
    ///
    /// Costs what `added` costs, amortized: the candidates of `previous` are not read again
    /// (``CandidateBuffer/appending(_:after:)``), and the primary is chosen from the counts
    /// ``PrimaryChoice`` keeps.
    init(extending previous: Binding? = nil, with added: some Sequence<AnyCandidate>) {
        var buffer = previous?.buffer ?? CandidateBuffer.make(EmptyCollection(), capacity: 4)
        var count = previous?.count ?? 0
        var choice = previous?.choice ?? PrimaryChoice()
        for candidate in added {
            if Binding.isUnqualified(candidate) { choice.add(candidate, at: count) }
            buffer = buffer.appending(candidate, after: count)
            count += 1
        }
        precondition(count > 0, "a binding has a candidate")
        self.buffer = buffer
        self.count = count
        self.choice = choice
        super.init(primary: choice.primary.map { buffer[$0] })
    }

    /// The candidate an unqualified request takes when no ambiguity hook is asked: the
    /// primary one (see ``PrimaryChoice``).
    var primaryCandidate: AnyCandidate? { choice.primary.map { buffer[$0] } }
}

/// The rule that chooses among the candidates a request finds in one container, kept as
/// candidates are added: the only one, the only override, or the only default (``primary``);
/// else the tied ones (``isTied(_:)``), among which the ambiguity hooks may decide.
///
/// The one home of that rule: a binding counts its unqualified candidates with it, so that its
/// primary one is known without reading them all again, and
/// ``ResolutionContext/choose(_:in:entry:requester:viewpoint:)`` counts the candidates that
/// answer a request (`PrimaryChoiceTests`).
struct PrimaryChoice {
    /// How many candidates are counted, and the position of the first.
    private(set) var unqualified = 0
    private var firstUnqualified = -1
    /// How many counted candidates are overrides, and the position of the first.
    private(set) var overrides = 0
    private var firstOverride = -1
    /// How many counted candidates are defaults, and the position of the first.
    private(set) var defaults = 0
    private var firstDefault = -1

    /// Counts `candidate`, at `position` among the candidates (a binding's unqualified ones).
    mutating func add(_ candidate: AnyCandidate, at position: Int) {
        let component = candidate.component
        if unqualified == 0 { firstUnqualified = position }
        unqualified += 1
        if component.isOverride {
            if overrides == 0 { firstOverride = position }
            overrides += 1
        }
        if component.isDefault {
            if defaults == 0 { firstDefault = position }
            defaults += 1
        }
    }

    /// How many counted candidates are as good as one another when there is no primary one:
    /// the overrides if several, else the defaults if several, else every counted one.
    var tiedCount: Int { overrides > 1 ? overrides : defaults > 1 && overrides == 0 ? defaults : unqualified }

    /// Whether `candidate`, one of those counted, is one of the ``tiedCount`` tied ones.
    func isTied(_ candidate: AnyCandidate) -> Bool {
        if overrides > 1 { return candidate.component.isOverride }
        if defaults > 1 && overrides == 0 { return candidate.component.isDefault }
        return true
    }

    /// The position of the candidate a request takes without further thought, or `nil` when
    /// there is none or several are as good (the ambiguity hooks may decide, when none is an
    /// override or a default).
    var primary: Int? {
        if unqualified == 1 { return firstUnqualified }
        if overrides > 0 { return overrides == 1 ? firstOverride : nil }
        return defaults == 1 ? firstDefault : nil
    }
}
