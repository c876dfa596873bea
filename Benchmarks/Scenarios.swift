import DILifetime

extension Scenario {
    /// Every scenario, in the order the table shows them; each is set up only when it runs.
    static var all: [(name: String, make: () -> Scenario)] {
        [
            ("transient", transient),
            ("transientGraph", transientGraph),
            ("objectGraph", objectGraph),
            ("cachedHit.perContainer", { cachedHit("cachedHit.perContainer", .perContainer(.strong)) }),
            ("cachedHit.perRun", { cachedHit("cachedHit.perRun", .perRun(.strong)) }),
            ("cachedHit.single", { cachedHit("cachedHit.single", .single, eager: true) }),
            ("cachedHit.custom", cachedHitCustom),
            ("cachedHit.weak", cachedHitWeak),
            ("deepChain20", deepChain20),
            ("containerBuild100", containerBuild100),
            ("concurrentCachedHit", concurrentCachedHit),
            ("validate1000", validate1000),
        ]
    }

    /// The scenarios `filters` select.
    ///
    /// A filter equal to a name selects that scenario alone, any other filter every scenario
    /// whose name contains it. No filter selects them all.
    static func selected(by filters: [String]) -> [(name: String, make: () -> Scenario)] {
        guard !filters.isEmpty else { return all }
        return all.filter { entry in
            filters.contains { filter in
                all.contains { $0.name == filter } ? entry.name == filter : entry.name.contains(filter)
            }
        }
    }
}
