/// How long an instance of a component lives, set with ``DIComponentBuilder/lifetime(_:)``.
///
/// The core provides ``prototype``, the default. Other modules add their lifetimes as static
/// members of this type (`import DILifetime` adds `.single`, `.perRun(_:)`,
/// `.perContainer(_:)` and `.objectGraph`; `import DIScopes` adds `.custom(_:)`), so every
/// lifetime reads the same at the registration site:
///
/// ```swift
/// container.register(Cat.init).lifetime(.prototype)
/// ```
///
/// Two lifetimes are equal when they are the same kind with the same reference policy:
/// `.perRun(.weak) == .perRun(.weak)`, `.perRun(.weak) != .perRun(.strong)`, and
/// `.single != .perRun(.strong)`; two `.custom` lifetimes are equal when they use the same
/// scope instance.
public struct DIComponentLifetime: Sendable, Equatable, CustomStringConvertible {
    /// The policy that caches instances, boxed; `nil` for `.prototype`, which the resolver
    /// handles inline.
    ///
    /// Boxed: a registration keeps its lifetime, and a box is one word where an existential is
    /// five (the lifetime modules make each of their lifetimes once).
    let strategyBox: LifetimeStrategyBox?

    /// A new instance every time the component is requested; the default.
    ///
    /// This includes every time it is needed inside one resolve.
    public static let prototype = DIComponentLifetime(strategyBox: nil)

    /// The lifetime's name as written at the registration site, such as `perRun(strong)`.
    public var description: String { strategy?.name ?? "prototype" }

    /// Whether this is `.prototype`.
    var isPrototype: Bool { strategyBox == nil }

    /// How long instances live compared with other lifetimes; see ``LifetimeRank``.
    var rank: LifetimeRank { strategy?.rank ?? .prototype }

    /// Whether two lifetimes are the same kind with the same reference policy.
    ///
    /// ```swift
    /// DIComponentLifetime.prototype == .prototype   // true
    /// ```
    ///
    /// Each lifetime module decides what "the same" means for its lifetimes: DILifetime's
    /// compare kind and policy, DIScopes' `.custom(scope)` compares the scope's identity.
    ///
    /// - Parameters:
    ///   - lhs: A lifetime.
    ///   - rhs: Another lifetime.
    /// - Returns: `true` when both keep instances the same way.
    public static func == (lhs: DIComponentLifetime, rhs: DIComponentLifetime) -> Bool {
        switch (lhs.strategy, rhs.strategy) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.isEqual(to: rhs)
        default: false
        }
    }
}

/// A lifetime's strategy, in an object: what a registration and a component keep of their
/// lifetime, one word each.
@usableFromInline final class LifetimeStrategyBox: Sendable {
    @usableFromInline let strategy: any LifetimeStrategy

    init(_ strategy: any LifetimeStrategy) {
        self.strategy = strategy
    }

    /// The strategy's instance of `component` for this request, asked in place.
    ///
    /// Asked here, where the strategy is this object's own `let`: read from outside, the
    /// existential was copied out of the box (and destroyed) on every request.
    @usableFromInline func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try strategy.instance(of: component, in: &context)
    }
}
