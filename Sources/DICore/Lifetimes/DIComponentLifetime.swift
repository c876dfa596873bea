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
    package let strategy: (any LifetimeStrategy)?

    /// Makes a lifetime from a caching policy; the extension point of the lifetime modules.
    package init(strategy: any LifetimeStrategy) {
        self.strategy = strategy
    }

    private init() {
        self.strategy = nil
    }

    /// A new instance every time the component is requested; the default.
    ///
    /// This includes every time it is needed inside one resolve.
    public static let prototype = DIComponentLifetime()

    /// The lifetime's name as written at the registration site, such as `perRun(strong)`.
    public var description: String { strategy?.name ?? "prototype" }

    /// Whether this is `.prototype`.
    package var isPrototype: Bool { strategy == nil }

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

/// How long a lifetime keeps its instances, for the captive-dependency check of validation.
///
/// A component may depend on components of an equal or longer rank; a longer-lived component
/// holding a shorter-lived one captures it.
@usableFromInline
package enum LifetimeRank: Int, Comparable, Sendable {
    /// A new instance for every request.
    case prototype = 0
    /// One instance per top-level resolve.
    case objectGraph = 1
    /// One instance per user-defined scope; its span is unknown to the library.
    case scope = 2
    /// One instance per container.
    case container = 3
    /// One instance per process.
    case process = 4

    @usableFromInline
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The extension point of caching lifetimes: where an instance of a component comes from.
///
/// The resolver calls ``instance(of:in:)`` for every request of a component whose lifetime is
/// not `.prototype`. A strategy that has no instance yet calls
/// ``Component/makeInstance(in:)`` to build one.
@usableFromInline
package protocol LifetimeStrategy: Sendable {
    /// The lifetime as written at the registration site, such as `perContainer(weak)`.
    var name: String { get }
    /// The lifetime's rank for captive-dependency validation.
    var rank: LifetimeRank { get }
    /// The reference policy, for lifetimes that have one.
    var referencePolicy: DIReferencePolicy? { get }
    /// Per-registration state, made once when the lifetime is set on a registration in a
    /// container (for example a cache cell). Called with the container's registry locked:
    /// it must not call back into the container. Key anything shared beyond the container
    /// (a process-wide cache) by `identity`, never by site alone: one site may register
    /// several components and several types.
    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)?
    /// Returns the instance of `component` for this request, building it if needed.
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject
    /// The instance already kept for `component`, without building one; `nil` if none (or if
    /// the lifetime keeps instances only within one resolve). Awaited resolves use it to skip
    /// awaiting a factory whose instance exists.
    func cachedInstance(of component: Component) -> AnyObject?
    /// Whether `other` keeps instances the same way, for `DIComponentLifetime`'s `==`.
    ///
    /// The default compares the dynamic types and `name`s, which suffices for a strategy that
    /// holds nothing but its kind; a strategy holding a reference (a scope) compares that.
    func isEqual(to other: any LifetimeStrategy) -> Bool
    /// Where the instance of `component` is kept beyond one resolve, for the build gate of
    /// awaited resolves; `nil` if the lifetime keeps none (then every request builds).
    func buildCell(of component: Component) -> (any BuildCell)?
}

extension LifetimeStrategy {
    package var referencePolicy: DIReferencePolicy? { nil }
    package func cachedInstance(of component: Component) -> AnyObject? { nil }
    package func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? { nil }
    package func isEqual(to other: any LifetimeStrategy) -> Bool {
        ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) && name == other.name
    }
    package func buildCell(of component: Component) -> (any BuildCell)? { nil }
}
