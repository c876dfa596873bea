import DICore
import DIScopes
import Testing

@Suite struct CustomLifetimeEqualityTests {
    @Test func customLifetimesOfOneScopeAreEqual() {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        #expect(DIComponentLifetime.custom(scope) == .custom(scope))
    }

    @Test func scopesWithOneNameAreStillTwoLifetimes() {
        let first = DIScope(name: "session", storage: DICacheStorage())
        let second = DIScope(name: "session", storage: DICacheStorage())
        #expect(DIComponentLifetime.custom(first) != .custom(second))
    }

    @Test func customIsNotPrototype() {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        #expect(DIComponentLifetime.custom(scope) != .prototype)
        #expect(DIComponentLifetime.prototype != .custom(scope))
    }

    @Test func aNamedLifetimeOverAScopeEqualsItself() {
        #expect(DIComponentLifetime.perRequest == .perRequest)
        #expect(DIComponentLifetime.perRequest == .custom(requestScope))
    }
}

/// The Writing-a-storage article's example of naming a lifetime made of a scope.
private let requestScope = DIScope(name: "request", storage: DICacheStorage())

extension DIComponentLifetime {
    /// One instance per request, until the request scope is cleaned.
    fileprivate static let perRequest = DIComponentLifetime.custom(requestScope)
}
