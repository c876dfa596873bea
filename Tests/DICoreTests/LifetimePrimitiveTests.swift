import DICore
import Dispatch
import Synchronization
import Testing

@Suite struct LifetimePrimitiveTests {
    @Test func endsWhenTheTokenGoesNotTheLifetime() {
        let ended = Atomic(0)
        var token: Lifetime.Token?
        let lifetime: Lifetime
        do {
            let made = Lifetime.make()
            lifetime = made.lifetime
            token = made.token
        }
        lifetime.observeEnded { ended.wrappingAdd(1, ordering: .relaxed) }
        #expect(!lifetime.hasEnded)
        #expect(ended.load(ordering: .relaxed) == 0)
        withExtendedLifetime(token) {}
        token = nil
        #expect(lifetime.hasEnded)
        #expect(ended.load(ordering: .relaxed) == 1)
    }

    @Test func observersRunOnceInTheOrderAdded() {
        let order = Protected<[Int]>([])
        var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
        for index in 0..<5 {
            lifetime.observeEnded { order.withLock { $0.append(index) } }
        }
        withExtendedLifetime(token) {}
        token = nil
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
        lifetime = .empty
    }

    @Test func observingAnEndedLifetimeRunsAtOnce() {
        let ran = Atomic(false)
        let observation = Lifetime.empty.observeEnded { ran.store(true, ordering: .relaxed) }
        #expect(observation == nil)
        #expect(ran.load(ordering: .relaxed) == true)
        #expect(Lifetime.empty.hasEnded)
    }

    @Test func disposeCancelsTheObservation() {
        let ran = Atomic(0)
        var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
        let observation = lifetime.observeEnded { ran.wrappingAdd(1, ordering: .relaxed) }
        lifetime.observeEnded { ran.wrappingAdd(10, ordering: .relaxed) }
        observation?.dispose()
        withExtendedLifetime(token) {}
        token = nil
        #expect(ran.load(ordering: .relaxed) == 10)
        lifetime = .empty
    }

    @Test func anObserverMayObserveAgain() {
        let ran = Atomic(0)
        var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
        let captured = lifetime
        lifetime.observeEnded {
            captured.observeEnded { ran.wrappingAdd(1, ordering: .relaxed) }
        }
        withExtendedLifetime(token) {}
        token = nil
        #expect(ran.load(ordering: .relaxed) == 1)
        lifetime = .empty
    }

    @Test func noObservationIsLostWhileTheTokenDies() {
        for _ in 0..<200 {
            let ran = Atomic(0)
            let (lifetime, token) = Lifetime.make()
            let holder = Protected<Lifetime.Token?>(token)
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index == 0 {
                    holder.withLock { $0 = nil }
                } else {
                    lifetime.observeEnded { ran.wrappingAdd(1, ordering: .relaxed) }
                }
            }
            _ = consume token
            #expect(lifetime.hasEnded)
            #expect(ran.load(ordering: .relaxed) == 3)
        }
    }

    @Test func containerLifetimeEndsWithTheContainer() {
        let ended = Atomic(false)
        var container: DIContainer? = DIContainer()
        container?.lifetime.observeEnded { ended.store(true, ordering: .relaxed) }
        #expect(ended.load(ordering: .relaxed) == false)
        container = nil
        #expect(ended.load(ordering: .relaxed) == true)
    }
}
