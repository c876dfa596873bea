import DICore
import DILifetime
import Testing

@Suite struct LifetimeEqualityTests {
    /// Every lifetime of DICore and DILifetime, each kind and policy once.
    static let distinct: [DIComponentLifetime] = [
        .prototype, .single, .perRun(.strong), .perRun(.weak), .perContainer(.strong), .perContainer(.weak), .objectGraph,
    ]

    @Test func aLifetimeEqualsTheSameKindAndPolicyMadeAgain() {
        #expect(DIComponentLifetime.prototype == .prototype)
        #expect(DIComponentLifetime.single == .single)
        #expect(DIComponentLifetime.perRun(.strong) == .perRun(.strong))
        #expect(DIComponentLifetime.perRun(.weak) == .perRun(.weak))
        #expect(DIComponentLifetime.perContainer(.strong) == .perContainer(.strong))
        #expect(DIComponentLifetime.perContainer(.weak) == .perContainer(.weak))
        #expect(DIComponentLifetime.objectGraph == .objectGraph)
    }

    @Test func lifetimesOfAnotherKindOrPolicyDiffer() {
        for (i, lhs) in Self.distinct.enumerated() {
            for (j, rhs) in Self.distinct.enumerated() {
                #expect((lhs == rhs) == (i == j), "\(lhs) == \(rhs)")
            }
        }
    }

    @Test func singleIsNotPerRunStrongThoughItBehavesLikeIt() {
        #expect(DIComponentLifetime.single != .perRun(.strong))
    }
}
