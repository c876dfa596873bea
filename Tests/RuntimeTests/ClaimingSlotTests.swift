import Testing

@testable import DICore

private final class Made: Sendable {}

/// A clearable slot claims the build of its instance itself (`ClearableSlot.claimBuild`): an
/// uncontended build takes the slot's lock only, and the build gate learns of a build when a
/// second claim finds it running (its waits through the gate: `SlowBuildTests`,
/// `ConcurrentCycleTests`, `ProvisionalInstanceTests`).
@Suite struct ClaimingSlotTests {
    /// The claim's outcome, and the owner `publish` was given for a running build (`nil`: not
    /// called); a build's ticket names the slot's key and the claimant.
    private static func claim(_ slot: ClearableSlot, by claimant: Int) -> (claim: BuildGate.Claim, runningFor: Int?) {
        var owner: Int?
        let claim = slot.claimBuild(by: claimant) { running in
            owner = running
            return .cycle([])
        }
        if case .build(let ticket) = claim { #expect(ticket.key == slot.buildKey && ticket.owner == claimant) }
        return (claim, owner)
    }

    @Test func anUncontendedBuildEndsInTheSlotUnpublished() {
        let slot = ClearableSlot()
        guard case .build(let ticket) = Self.claim(slot, by: 3).claim else {
            Issue.record("not claimed")
            return
        }
        #expect(ticket.generation == 0)
        let made = Made()
        #expect(!slot.endBuild(by: 3, keeping: made, builtIn: ticket.generation))
        #expect(slot.object.map(ObjectIdentifier.init) == ObjectIdentifier(made))
        guard case .instance(let kept) = Self.claim(slot, by: 4).claim else {
            Issue.record("no instance")
            return
        }
        #expect(ObjectIdentifier(kept) == ObjectIdentifier(made))
    }

    @Test func aSecondClaimPublishesTheRunningBuildWithItsOwner() {
        let slot = ClearableSlot()
        guard case .build = Self.claim(slot, by: 3).claim else {
            Issue.record("not claimed")
            return
        }
        let running = Self.claim(slot, by: 4)
        guard case .cycle = running.claim else {
            Issue.record("not what publish made")
            return
        }
        #expect(running.runningFor == 3)
        // Published: the owner finishes the build in the gate too.
        #expect(slot.endBuild(by: 3, keeping: Made(), builtIn: 0))
    }

    @Test func aFailedBuildLetsTheNextClaimBuild() {
        let slot = ClearableSlot()
        guard case .build = Self.claim(slot, by: 3).claim else {
            Issue.record("not claimed")
            return
        }
        #expect(!slot.endBuild(by: 3, keeping: nil, builtIn: 0))
        #expect(slot.object == nil)
        guard case .build = Self.claim(slot, by: 4).claim else {
            Issue.record("not claimed again")
            return
        }
    }

    @Test func aBuildBegunBeforeAClearKeepsNothing() {
        let slot = ClearableSlot()
        guard case .build(let ticket) = Self.claim(slot, by: 3).claim else {
            Issue.record("not claimed")
            return
        }
        slot.clear()
        #expect(!slot.endBuild(by: 3, keeping: Made(), builtIn: ticket.generation))
        #expect(slot.object == nil)
        guard case .build(let next) = Self.claim(slot, by: 4).claim else {
            Issue.record("not claimed again")
            return
        }
        #expect(next.generation == 1)
    }

    @Test func aBuildItsOwnerPublishedEndsInTheGate() {
        let slot = ClearableSlot()
        guard case .build = Self.claim(slot, by: 3).claim else {
            Issue.record("not claimed")
            return
        }
        slot.publishBuild(by: 3)
        #expect(slot.endBuild(by: 3, keeping: nil, builtIn: 0))
    }
}
