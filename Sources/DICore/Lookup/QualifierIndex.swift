/// Where a type's candidates carry each name and tag: their positions in registration order
/// (a binding's candidates of any date, as registrations are only ever added).
///
/// One per slot, made on the type's first named or tagged lookup from the binding of the day,
/// and kept up to date by the registry as registrations are added, both under the registry's
/// lock: a named lookup reads the positions of its name, never the other candidates, and no
/// registration rebuilds it (`ManyRegistrationsTests` guards it).
final class QualifierIndex: Sendable {
    private let positions: Protected<[Qualifier: [Int]]>

    /// The index of `candidates`, a binding's.
    init(_ candidates: Binding.Candidates) {
        positions = Protected([:])
        for (position, candidate) in candidates.enumerated() { add(candidate.component.qualifiers, at: position) }
    }

    /// Records the names and tags of the candidate at `position`, the type's newest.
    func add(_ qualifiers: [Qualifier], at position: Int) {
        guard !qualifiers.isEmpty else { return }
        positions.withLock { positions in
            for qualifier in qualifiers {
                positions[qualifier, default: []].append(position)
            }
        }
    }

    /// The positions below `count` (a binding's candidates) whose candidate answers
    /// `qualifier`, in order: those of its one name or tag, or for several, those of the
    /// rarest one that carry the others too (`nil`: no single name or tag narrows it).
    func positions(answering qualifier: Qualifier, below count: Int) -> [Int] {
        let found: [Int]? = positions.withLock { positions in
            guard case .all(let required) = qualifier else { return positions[qualifier] ?? [] }
            return required.map { positions[$0] ?? [] }.min { $0.count < $1.count }
        }
        // Positions are added in order: those a binding does not hold yet are at the end.
        var result = found ?? Array(0..<count)
        while let last = result.last, last >= count { result.removeLast() }
        return result
    }
}
