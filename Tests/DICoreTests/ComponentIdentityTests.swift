import DICore
import Synchronization
import Testing

private final class Seen: Sendable {
    let ids = Protected<[Int]>([])
}

/// A lifetime that records the `registrationID` of each component it builds, then builds a new
/// instance as `.prototype` does.
private struct RecordingLifetime: LifetimeStrategy {
    let seen: Seen
    var name: String { "recording" }
    var rank: LifetimeRank { .prototype }
    var referencePolicy: DIReferencePolicy? { nil }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        seen.ids.withLock { $0.append(component.registrationID) }
        return try component.makeInstance(in: &context)
    }

    func keepsInstance(of component: Component) -> Bool { false }
}

private final class Made {}

/// A component's `registrationID` keys per-resolve state (shared instances, argument cursors,
/// prepared instances): it must never be the number of a component that came before, as an
/// address of a freed component would be.
@Suite struct ComponentIdentityTests {
    @Test func componentsMadeOneAfterAnotherNeverShareARegistrationID() throws {
        let recording = RecordingLifetime(seen: Seen())
        let lifetime = DIComponentLifetime(strategy: recording)
        let rounds = 500
        for _ in 0..<rounds {
            // Each container, and so its component, is gone before the next is made.
            let container = DIContainer()
            container.register(Made.init).lifetime(lifetime)
            _ = try container.resolve(Made.self)
        }
        let ids = recording.seen.ids.withLock { $0 }
        #expect(ids.count == rounds)
        #expect(Set(ids).count == rounds, "\(rounds - Set(ids).count) registration IDs repeated")
    }
}
