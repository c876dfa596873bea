import Testing

@testable import DICore

/// The instances a resolve shares (`.objectGraph`), as its session keeps them: the first one
/// shared for a registration stays, and each point of view keeps its own.
@Suite struct SharedInstancesTests {
    private final class Instance {}

    @Test func theFirstInstanceSharedForARegistrationStays() {
        let session = ResolutionSession()
        let (first, second, other) = (Instance(), Instance(), Instance())
        let firstKept = session.share(first, for: 1) === first && session.share(second, for: 1) === first
        let otherKept = session.share(other, for: 2) === other
        #expect(firstKept)
        #expect(otherKept)
        let read = session.sharedInstances[1] === first
        #expect(read)
    }

    @Test func eachPointOfViewKeepsItsOwnInstances() throws {
        let session = ResolutionSession()
        let (parent, child) = (DIContainer(), DIContainer())
        let instance = Instance()
        try ResolutionContext.withZeroedState(origin: parent, session: session, callerIsolation: nil, stackLimit: 0) {
            (context) throws(DIError) in
            defer { context.session = nil }
            _ = session.share(instance, for: 1)
            context.switchOrigin(to: child)
            let emptyInChild = session.sharedInstances[1] == nil
            #expect(emptyInChild)
            context.switchOrigin(to: parent)
            let keptInParent = session.sharedInstances[1] === instance
            #expect(keptInParent)
        }
    }
}
