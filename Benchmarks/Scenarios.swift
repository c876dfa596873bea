import DILifetime

extension Scenario {
    /// Every scenario, in the order the table shows them; each is set up only when it runs.
    static var all: [(name: String, make: () -> Scenario)] {
        [
            ("transient", transient),
            ("transient.protocol", transientProtocol),
            ("transientGraph", transientGraph),
            ("transientGraph.protocol", transientGraphProtocol),
            ("objectGraph", objectGraph),
            ("cachedHit.perContainer", { cachedHit("cachedHit.perContainer", .perContainer(.strong)) }),
            ("cachedHit.protocol", cachedHitProtocol),
            ("cachedHit.superclass", cachedHitSuperclass),
            ("cachedHit.named", { cachedHit("cachedHit.named", .perContainer(.strong), alsoNamed: true) }),
            ("cachedHit.perRun", { cachedHit("cachedHit.perRun", .perRun(.strong)) }),
            ("cachedHit.single", { cachedHit("cachedHit.single", .single, eager: true) }),
            ("cachedHit.custom", cachedHitCustom),
            ("cachedHit.weak", cachedHitWeak),
            ("deepChain20", deepChain20),
            ("containerBuild100", containerBuild100),
            ("containerBuild1000", containerBuild1000),
            ("appendParts100", appendParts100),
            ("firstResolve100", firstResolve100),
            ("firstResolve1000", firstResolve1000),
            ("concurrentCachedHit", concurrentCachedHit),
            ("concurrentCachedHit.distinct", concurrentCachedHitDistinct),
            ("requestScope", requestScope),
            ("validate1000", validate1000),
            ("awaited.cachedHit", awaitedCachedHit),
            ("awaited.transientGraph", awaitedTransientGraph),
            ("awaited.asyncGraph", awaitedAsyncGraph),
            ("awaited.request", awaitedRequest),
        ]
    }

    /// The memory scenarios, measured once after the timed ones.
    static var memory: [(name: String, measure: () -> MemoryResult)] {
        [("memory100", MemoryResult.memory100)]
    }

    /// The in-flight memory scenarios, measured once after the memory ones.
    static var inFlight: [(name: String, measure: () -> InFlightResult)] {
        [("awaitedInFlight10000", InFlightResult.awaitedInFlight)]
    }

    /// The in-flight scenarios `filters` select, by the same rule.
    static func selectedInFlight(by filters: [String]) -> [(name: String, measure: () -> InFlightResult)] {
        inFlight.filter { isSelected($0.name, by: filters) }
    }

    /// The scenarios `filters` select.
    ///
    /// A filter equal to a name selects that scenario alone, any other filter every scenario
    /// whose name contains it. No filter selects them all.
    static func selected(by filters: [String]) -> [(name: String, make: () -> Scenario)] {
        all.filter { isSelected($0.name, by: filters) }
    }

    /// The memory scenarios `filters` select, by the same rule.
    static func selectedMemory(by filters: [String]) -> [(name: String, measure: () -> MemoryResult)] {
        memory.filter { isSelected($0.name, by: filters) }
    }

    private static func isSelected(_ name: String, by filters: [String]) -> Bool {
        guard !filters.isEmpty else { return true }
        let names = all.map(\.name) + memory.map(\.name) + inFlight.map(\.name)
        return filters.contains { filter in
            names.contains(filter) ? name == filter : name.contains(filter)
        }
    }
}
