extension ResolutionContext {
    /// Tells the observers of the container the resolve started from that an instance of
    /// `component` was created.
    @usableFromInline func reportCreation(of component: Component, since start: ContinuousClock.Instant, depth: Int? = nil) {
        let duration = ContinuousClock.now - start
        guard let container = unsafe session?.observedBy else { return }
        container.notifyObservers { $0.container(container, didCreate: component.info, in: duration, depth: depth ?? self.depth) }
    }

    /// Tells the observers of the container the resolve started from that it has waited long
    /// for another resolve's build.
    func reportSlowBuild(_ build: DISlowBuild) {
        guard let container = unsafe session?.observedBy else { return }
        container.notifyObservers { $0.container(container, isWaitingFor: build) }
    }
}
