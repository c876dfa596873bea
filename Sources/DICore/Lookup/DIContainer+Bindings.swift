extension DIContainer {
    /// Gives one of this container's slots its index of names and tags, made from its binding
    /// brought up to date; the registry keeps it up to date from then on.
    func makeQualifierIndex(for slot: UnsafeObjectWord<BindingSlot>) {
        withRegistry { registry in
            registry.republish(marked: true, owner: self)
            publishTable(of: &registry)
            unsafe slot.withObject { slot in
                guard slot.qualifierIndex == nil else { return }
                slot.setQualifierIndex(QualifierIndex(slot.lockedCurrent.candidates))
            }
        }
    }

    /// The current binding of one of this container's slots, retained.
    ///
    /// For every lookup but the hot path's primary: the binding may be replaced and freed
    /// once this returns, but the reference returned keeps it alive.
    func binding(in slot: UnsafeObjectWord<BindingSlot>) -> Binding {
        if unsafe slot.withObject({ $0.isStale }) {
            withRegistry { registry in
                registry.republish(marked: true, owner: self)
                publishTable(of: &registry)
            }
        }
        bindingReaders.enter()
        defer { bindingReaders.leave() }
        return unsafe slot.withObject { $0.retainCurrent() }
    }
}
