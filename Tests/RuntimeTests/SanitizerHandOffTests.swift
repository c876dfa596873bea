import Testing

@testable import DICore

@Suite struct SanitizerHandOffTests {
    /// The process has both hooks (a sanitized build) or neither.
    @Test func bothHooksOrNeither() {
        let handOff = SanitizerHandOff.current
        #expect((handOff.acquireHook == nil) == (handOff.releaseHook == nil))
    }

    /// Announcing a hand-off never touches the object named: without hooks it does nothing,
    /// with them the sanitizer only records the address.
    @Test func announcingIsHarmless() {
        let owner = Protected(0)
        let handOff = SanitizerHandOff.current
        for _ in 0..<100 {
            handOff.acquire(owner)
            handOff.release(owner)
        }
        #expect(owner.withLock { $0 } == 0)
    }
}
