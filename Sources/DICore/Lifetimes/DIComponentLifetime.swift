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
    /// The policy that caches instances; `nil` for `.prototype`, which the resolver handles inline.
    let _strategy: (any LifetimeStrategy)?

    private init() {
        self._strategy = nil
    }

    /// A new instance every time the component is requested; the default.
    ///
    /// This includes every time it is needed inside one resolve.
    public static let prototype = DIComponentLifetime()

    /// `.prototype`, made in place rather than copied from the static.
    static var _prototype: DIComponentLifetime { DIComponentLifetime() }

    /// The lifetime's name as written at the registration site, such as `perRun(strong)`.
    public var description: String { strategy?.name ?? "prototype" }

    /// Whether this is `.prototype`.
    var isPrototype: Bool { strategy == nil }

    /// How long instances live compared with other lifetimes; see ``LifetimeRank``.
    package var rank: LifetimeRank { strategy?.rank ?? .prototype }

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
