@testable import DICore

/// A stand-in for the caching lifetimes of DILifetime and DIScopes, which DICore's tests cannot
/// import: ranked as those modules rank theirs, it captures what lives shorter as
/// `LifetimeStrategy`'s default says.
///
/// Validation reads only a lifetime's rank, captivity, policy, name and whether it keeps an
/// instance. Every request builds a new instance, since no test here depends on the caching.
struct FakeLifetime: LifetimeStrategy {
    let name: String
    let rank: LifetimeRank
    let referencePolicy: DIReferencePolicy?

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try component.makeInstance(in: &context)
    }

    /// As the real lifetimes say: a caching one keeps its instance, but a value under `.weak`.
    func keepsInstance(of component: Component) -> Bool {
        referencePolicy == .strong || component.isReferenceType
    }
}

/// A stand-in for DILifetime's `.objectGraph`: its instance is shared within one resolve, as
/// the real one's is, so cycles resolve as they would, and it captures nothing.
struct FakeObjectGraph: LifetimeStrategy {
    var name: String { "objectGraph" }
    var rank: LifetimeRank { .objectGraph }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let shared = context.sharedSession().sharedInstances[component.registrationID] { return shared }
        let made = try component.makeInstance(in: &context)
        context.sharedSession().sharedInstances[component.registrationID] = made
        return made
    }
}

extension LifetimeRank {
    /// As DIScopes ranks a custom scope.
    static let fakeScope = LifetimeRank(2)
    /// As DILifetime ranks `.perContainer`.
    static let fakeContainer = LifetimeRank(3)
    /// As DILifetime ranks `.single` and `.perRun`.
    static let fakeProcess = LifetimeRank(4)
}

extension DIComponentLifetime {
    /// Ranked as `.single` and `.perRun` are.
    static func fakePerRun(_ policy: DIReferencePolicy = .strong) -> Self {
        Self(strategy: FakeLifetime(name: "perRun(\(policy))", rank: .fakeProcess, referencePolicy: policy))
    }
    /// Ranked as `.perContainer` is.
    static func fakePerContainer(_ policy: DIReferencePolicy = .strong) -> Self {
        Self(strategy: FakeLifetime(name: "perContainer(\(policy))", rank: .fakeContainer, referencePolicy: policy))
    }
    /// Ranked as `.objectGraph` is, and shared within a resolve as it is.
    static let fakeObjectGraph = Self(strategy: FakeObjectGraph())
    /// Ranked as a custom scope is.
    static let fakeScope = Self(strategy: FakeLifetime(name: "custom(scope)", rank: .fakeScope, referencePolicy: .strong))
}

/// Types for the validation tests, in a namespace of their own.
enum V {
    final class Top { init(mid: Mid) {} }
    final class Mid { init(missing: Missing) {} }
    final class Missing { init() {} }

    final class TakesOptional { init(missing: Missing?) {} }
    final class TakesMany { init(missing: [Missing]) {} }
    final class TakesLazy { init(missing: Lazy<Missing>) {} }
    final class TakesProvider { init(missing: Provider<Missing>) {} }
    final class TakesTagged { init(missing: Tagged<Primary, Missing>) {} }
    enum Primary {}

    protocol Store: AnyObject {}
    final class DiskStore: Store { init() {} }
    final class MemoryStore: Store { init() {} }
    final class Repo { init(store: Store) {} }
    final class OtherRepo { init(store: Store) {} }
    final class MaybeRepo { init(store: Store?) {} }

    final class Ring1 { init(next: Ring2) {} }
    final class Ring2 { init(next: Ring3) {} }
    final class Ring3 { init(next: Ring1) {} }
    final class RingUser { init(ring: Ring2) {} }

    final class Ouro { init(tail: Ouro) {} }
    final class LazyRing1 { init(next: Lazy<LazyRing2>) {} }
    final class LazyRing2 { init(next: LazyRing1) {} }
    final class ProviderRing1 { init(next: Provider<ProviderRing2>) {} }
    final class ProviderRing2 { init(next: ProviderRing1) {} }

    /// A takes B in its initializer; B gets A back through a property: the documents' cycle.
    final class A {
        let b: B
        init(b: B) { self.b = b }
    }
    final class B {
        var a: A?
        init() {}
    }
    final class EntersAtB { init(b: B) {} }
    /// Like A and B, but A also takes its B as a `Lazy`, which starts a resolve at B later.
    final class A2 {
        let b: B2
        init(b: B2, later: Lazy<B2>) { self.b = b }
    }
    final class B2 {
        var a: A2?
        init() {}
    }
    final class Narcissus {
        var me: Narcissus?
        init() {}
    }

    final class Holder { init(held: Held) {} }
    final class Held { init() {} }
    final class PropertyHolder {
        var held: Held?
        init() {}
    }
    final class ProviderHolder { init(held: Provider<Held>) {} }
    final class LazyHolder { init(held: Lazy<Held>) {} }

    struct Settings {}
}

/// Prefers `MemoryStore` when `Repo` asks, as a framework import would.
struct PreferMemoryStoreForRepo: AmbiguityResolver {
    func preferred(among candidates: [Component], requester: Component?) -> [Component] {
        guard requester?.type == V.Repo.self else { return candidates }
        return candidates.filter { $0.type == V.MemoryStore.self }
    }

    func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component] { candidates }
}

extension DIComponentInfo {
    /// The type's name without its module, as the tests spell it.
    var name: String { String(describing: type) }
}

extension Array where Element == DIComponentInfo {
    var names: [String] { map(\.name) }
}
