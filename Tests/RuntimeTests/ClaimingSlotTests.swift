import Testing

@testable import DICore

private final class Made: Sendable {}

/// A clearable slot claims the build of its instance itself (`ClearableSlot.claimBuild`): an
/// uncontended build takes the slot's lock only, and the build gate learns of a build when a
/// second claim finds it running (its waits through the gate: `SlowBuildTests`,
/// `ConcurrentCycleTests`, `ProvisionalInstanceTests`).
@Suite struct ClaimingSlotTests {
    /// The claim's outcome, with the owner `publish` was given for a running build.
    private static func claim(_ slot: ClearableSlot, by claimant: Int) -> SlotClaim<Int> {
        slot.claimBuild(by: claimant) { $0 }
    }

    @Test func anUncontendedBuildEndsInTheSlotUnpublished() {
        let slot = ClearableSlot()
        guard case .claimed(let generation) = Self.claim(slot, by: 3) else {
            Issue.record("not claimed")
            return
        }
        #expect(generation == 0)
        let made = Made()
        #expect(!slot.endBuild(by: 3, keeping: made, builtIn: generation))
        #expect(slot.object.map(ObjectIdentifier.init) == ObjectIdentifier(made))
        guard case .instance(let kept) = Self.claim(slot, by: 4) else {
            Issue.record("no instance")
            return
        }
        #expect(ObjectIdentifier(kept) == ObjectIdentifier(made))
    }

    @Test func aSecondClaimPublishesTheRunningBuildWithItsOwner() {
        let slot = ClearableSlot()
        guard case .claimed = Self.claim(slot, by: 3) else {
            Issue.record("not claimed")
            return
        }
        guard case .running(let owner) = Self.claim(slot, by: 4) else {
            Issue.record("not running")
            return
        }
        #expect(owner == 3)
        // Published: the owner finishes the build in the gate too.
        #expect(slot.endBuild(by: 3, keeping: Made(), builtIn: 0))
    }

    @Test func aFailedBuildLetsTheNextClaimBuild() {
        let slot = ClearableSlot()
        guard case .claimed = Self.claim(slot, by: 3) else {
            Issue.record("not claimed")
            return
        }
        #expect(!slot.endBuild(by: 3, keeping: nil, builtIn: 0))
        #expect(slot.object == nil)
        guard case .claimed = Self.claim(slot, by: 4) else {
            Issue.record("not claimed again")
            return
        }
    }

    @Test func aBuildBegunBeforeAClearKeepsNothing() {
        let slot = ClearableSlot()
        guard case .claimed(let generation) = Self.claim(slot, by: 3) else {
            Issue.record("not claimed")
            return
        }
        slot.clear()
        #expect(!slot.endBuild(by: 3, keeping: Made(), builtIn: generation))
        #expect(slot.object == nil)
        guard case .claimed(let next) = Self.claim(slot, by: 4) else {
            Issue.record("not claimed again")
            return
        }
        #expect(next == 1)
    }

    @Test func aBuildItsOwnerPublishedEndsInTheGate() {
        let slot = ClearableSlot()
        guard case .claimed = Self.claim(slot, by: 3) else {
            Issue.record("not claimed")
            return
        }
        slot.publishBuild(by: 3)
        #expect(slot.endBuild(by: 3, keeping: nil, builtIn: 0))
    }
}
