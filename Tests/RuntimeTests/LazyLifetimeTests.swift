import Dispatch
import Testing

@testable import DICore

@Suite struct LazyLifetimeTests {
    private final class Owner: Sendable {
        let lazy = LazyLifetime()
    }

    @Test func threadsAskingAtOnceAllGetOneLifetimeThatEndsWithItsOwnerAndIsFreed() {
        weak var weakLifetime: Lifetime?
        let ends = Protected(0)
        do {
            let owner = Owner()
            let seen = Protected<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                let lifetime = owner.lazy.lifetime
                seen.withLock { _ = $0.insert(ObjectIdentifier(lifetime)) }
            }
            #expect(seen.withLock { $0.count } == 1)
            let lifetime = owner.lazy.lifetime
            #expect(seen.withLock { $0 } == [ObjectIdentifier(lifetime)])
            weakLifetime = lifetime
            _ = lifetime.observeEnded { ends.withLock { $0 += 1 } }
            #expect(!lifetime.hasEnded)
        }
        // The owner is gone: its lifetime ended once, and nothing keeps it.
        #expect(ends.withLock { $0 } == 1)
        #expect(weakLifetime == nil)
    }

    @Test func aLifetimeNeverAskedForIsNeverMade() {
        // Nothing to observe but that the owner goes away without making or ending one.
        weak var weakOwner: AnyObject?
        do {
            let owner = Owner()
            weakOwner = owner
        }
        #expect(weakOwner == nil)
    }
}
