extension DIContainer {
    /// The current binding of one of this container's slots, retained; `indexed`: with the
    /// slot's index of names and tags made first (the registry keeps it up to date from then
    /// on), for a named or tagged lookup.
    ///
    /// For every lookup but the hot path's primary: the binding may be replaced and freed
    /// once this returns, but the reference returned keeps it alive.
    func binding(in slot: UnsafeObjectWord<BindingSlot>, indexed: Bool = false) -> Binding {
        if unsafe slot.withObject({ $0.isStale || indexed && $0.qualifierIndex == nil }) {
            withRegistry { registry in
                registry.republishMarked(owner: self)
                publishTable(of: &registry)
                guard indexed else { return }
                unsafe slot.withObject { slot in
                    guard slot.qualifierIndex == nil else { return }
                    slot.setQualifierIndex(QualifierIndex(slot.lockedCurrent.candidates))
                }
            }
        }
        // A read that overlaps the advance of a replacement runs no body, and reads again.
        var binding: Binding?
        while binding == nil {
            bindingReaders.ifCurrent(bindingReaders.current) { binding = unsafe slot.withObject { $0.retainCurrent() } }
        }
        return binding!
    }
}
