import Synchronization
import Testing

@testable import DICore

/// A lifetime that keeps its instance in a clearable slot, built through the build gate, as
/// `.perContainer(.strong)` does.
private struct SlotLifetime: LifetimeStrategy {
    var name: String { "slot" }
    var rank: LifetimeRank { .prototype }

    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? {
        ClearableSlot()
    }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try BuildGate.shared.instance(for: component.lifetimeState as! ClearableSlot, of: component, in: &context)
    }

    func keepsInstance(of component: Component) -> Bool { true }
}

private final class SlotKept: Sendable { init() {} }
private final class KeptHolder: Sendable {
    let kept: SlotKept
    init(kept: SlotKept) { self.kept = kept }
}

/// What the resolve in progress on this thread has, as a factory sees it.
private func activeResolve() -> (hasSession: Bool, claimant: Int) {
    ActiveResolveSlot.current.joining { ($0.session != nil, $0.resolveID()) }
}

/// The heap part of a synchronous resolve (``ResolutionSession``) is made only when something
/// needs it: claiming the build of a cached component does not (its identifier in the build
/// gate is in the resolve's state).
@Suite struct ResolutionSessionTests {
    @Test func buildingCachedComponentsMakesNoSession() throws {
        let seen = Protected<[(hasSession: Bool, claimant: Int)]>([])
        let lifetime = DIComponentLifetime(strategy: SlotLifetime())
        let container = DIContainer()
        container.register { () -> SlotKept in
            seen.withLock { $0.append(activeResolve()) }
            return SlotKept()
        }.lifetime(lifetime)
        container.register { (kept: SlotKept) -> KeptHolder in
            seen.withLock { $0.append(activeResolve()) }
            return KeptHolder(kept: kept)
        }.lifetime(lifetime)
        _ = try container.resolve(KeptHolder.self)
        let builds = seen.withLock { $0 }
        #expect(builds.count == 2)
        #expect(builds.allSatisfy { !$0.hasSession })
        // One resolve, one claimant for both builds.
        #expect(Set(builds.map(\.claimant)).count == 1)
        #expect(builds.allSatisfy { $0.claimant != 0 })
    }

    @Test func eachTopLevelResolveClaimsAsAResolveOfItsOwn() throws {
        let seen = Protected<[Int]>([])
        let lifetime = DIComponentLifetime(strategy: SlotLifetime())
        let container = DIContainer()
        container.register { () -> SlotKept in
            seen.withLock { $0.append(activeResolve().claimant) }
            return SlotKept()
        }.lifetime(lifetime)
        container.register { (kept: SlotKept) -> KeptHolder in
            seen.withLock { $0.append(activeResolve().claimant) }
            return KeptHolder(kept: kept)
        }.lifetime(lifetime)
        _ = try container.resolve(SlotKept.self)
        _ = try container.resolve(KeptHolder.self)
        let claimants = seen.withLock { $0 }
        #expect(claimants.count == 2)
        #expect(Set(claimants).count == 2)
    }
}
