/// Everything one container knows about one requested type that is not answered by one
/// unqualified candidate alone (see ``TypeEntry``): the components exposed as it.
///
/// Immutable once published; the registry publishes a new binding when registrations change,
/// through the type's ``BindingSlot``, and frees the old one when no reader can still hold it.
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
@usableFromInline
final class Binding: BindingSlot, @unchecked Sendable {
    /// Every candidate, in registration order, whatever its qualifier; never empty.
    ///
    /// Each is a component of the binding's type `T` or a `Candidate<T>`.
    private let list: InlineFirstArray<AnyCandidate>

    /// Every candidate, in registration order, read in place.
    var candidates: Candidates { Candidates(list) }

    /// Whether `candidate`'s component has no name or tag.
    ///
    /// A component is read as itself, borrowed: no retain and release of it.
    static func isUnqualified(_ candidate: AnyCandidate) -> Bool {
        if let component = candidate.directBox { return component.qualifiers.isEmpty }
        return candidate.component.qualifiers.isEmpty
    }

    /// The binding of `candidates` (one at least), in registration order.
    init(_ candidates: InlineFirstArray<AnyCandidate>) {
        precondition(!candidates.isEmpty, "a binding has a candidate")
        list = candidates
        let primary: AnyCandidate?
        if candidates.count == 1 {
            primary = Self.isUnqualified(candidates[0]) ? candidates[0] : nil
        } else {
            let unqualified = candidates.filter { Self.isUnqualified($0) }
            let choice = ResolutionContext.choose(among: unqualified.map(\.component), requester: nil, resolvers: [])
            primary = if case .chosen(let index) = choice { unqualified[index] } else { nil }
        }
        // A component is its own candidate: the same object, its primary component too.
        super.init(primary: primary, primaryIsComponent: primary?._isComponent == true)
    }
}
