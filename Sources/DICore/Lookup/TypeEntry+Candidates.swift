extension TypeEntry {
    /// The type's candidates in `container`, whose entry this is (``DIContainer/entry(_:)``'s,
    /// not the hot path's), retained: the lone candidate, or those of the slot's current binding.
    ///
    /// `indexed`: for a named or tagged lookup, whose candidates come from the slot's index.
    func candidates(in container: DIContainer, indexed: Bool = false) -> Binding.Candidates {
        if isLoneCandidate { return unsafe Binding.Candidates(loneCandidate.object) }
        let slot = unsafe slot!
        guard indexed else { return unsafe container.binding(in: slot).candidates }
        if unsafe slot.withObject({ $0.qualifierIndex == nil }) { unsafe container.makeQualifierIndex(for: slot) }
        var candidates = unsafe container.binding(in: slot).candidates
        candidates.slot = unsafe slot.object
        return candidates
    }
}
