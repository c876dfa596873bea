extension TypeEntry {
    /// The type's candidates in `container`, whose entry this is, retained: the lone
    /// candidate, or those of the slot's current binding.
    ///
    /// `indexed`: for a named or tagged lookup, whose candidates come from the slot's index.
    func candidates(in container: DIContainer, indexed: Bool = false) -> Binding.Candidates {
        if let lone { return Binding.Candidates(lone.object) }
        let slot = slot!
        guard indexed else { return container.binding(in: slot).candidates }
        if slot.withObject({ $0.qualifierIndex == nil }) { container.makeQualifierIndex(for: slot) }
        var candidates = container.binding(in: slot).candidates
        candidates.slot = slot.object
        return candidates
    }
}
