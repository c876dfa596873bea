import DICore
import Testing

/// A lifetime that leaves `keepsInstance(of:)` to `LifetimeStrategy`'s default: each request
/// records what the default answers for its component, then makes a new instance.
private struct PolicyLifetime: LifetimeStrategy {
    let referencePolicy: DIReferencePolicy?
    let answers = Protected<[Bool]>([])
    var name: String { "policy(\(referencePolicy.map { "\($0)" } ?? "none"))" }
    var rank: LifetimeRank { .prototype }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        answers.withLock { $0.append(keepsInstance(of: component)) }
        return try component.makeInstance(in: &context)
    }
}

private protocol KeptShape: Sendable {}
private final class KeptCircle: KeptShape {}
private struct KeptSquare: KeptShape {}
private struct KeptSize: Sendable {}

/// Which instances a lifetime keeps is one rule, `LifetimeStrategy.keepsInstance(of:)`'s
/// default, that the caching lifetimes and scopes share: none without a reference policy; under
/// `.strong` all; under `.weak` every object (a protocol-typed one too), no value.
@Suite struct KeepsInstanceRuleTests {
    /// What the default answers for a class, a value, and a protocol type whose instance is an
    /// object or a value, in that order, under `policy`.
    private func answers(under policy: DIReferencePolicy?) throws -> [Bool] {
        let lifetime = PolicyLifetime(referencePolicy: policy)
        let container = DIContainer()
        container.register(KeptCircle.init).lifetime(DIComponentLifetime(strategy: lifetime))
        container.register(KeptSize.init).lifetime(DIComponentLifetime(strategy: lifetime))
        container.register { () -> any KeptShape in KeptCircle() }.named("object").lifetime(DIComponentLifetime(strategy: lifetime))
        container.register { () -> any KeptShape in KeptSquare() }.named("value").lifetime(DIComponentLifetime(strategy: lifetime))
        _ = try container.resolve(KeptCircle.self)
        _ = try container.resolve(KeptSize.self)
        _ = try container.resolve((any KeptShape).self, name: "object")
        _ = try container.resolve((any KeptShape).self, name: "value")
        return lifetime.answers.withLock { $0 }
    }

    @Test func aLifetimeWithoutAReferencePolicyKeepsNothing() throws {
        #expect(try answers(under: nil) == [false, false, false, false])
    }

    @Test func aStrongLifetimeKeepsEveryInstance() throws {
        #expect(try answers(under: .strong) == [true, true, true, true])
    }

    /// A protocol-typed component is kept by its type, whatever its instance: the rule cannot
    /// see the instance, and a weak cache keeps the object a protocol-typed value holds, or
    /// nothing (`WeakPolicyTests`).
    @Test func aWeakLifetimeKeepsNoValueTypedInstance() throws {
        #expect(try answers(under: .weak) == [true, false, true, true])
    }
}
