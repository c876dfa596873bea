import DICore
import Testing

@Suite struct CoreLifetimeEqualityTests {
    @Test func prototypeEqualsPrototype() {
        #expect(DIComponentLifetime.prototype == .prototype)
    }

    /// A strategy that overrides nothing is compared by its type and name.
    @Test func aStrategyWithoutItsOwnComparisonComparesTypeAndName() {
        #expect(DIComponentLifetime.fakePerRun(.strong) == .fakePerRun(.strong))
        #expect(DIComponentLifetime.fakePerRun(.strong) != .fakePerRun(.weak))
        #expect(DIComponentLifetime.fakePerRun(.strong) != .fakePerContainer(.strong))
        #expect(DIComponentLifetime.fakePerRun(.strong) != .prototype)
        #expect(DIComponentLifetime.prototype != .fakeObjectGraph)
    }
}
