/// The extension point of caching lifetimes: where an instance of a component comes from.
///
/// The resolver calls ``instance(of:in:)`` for every request of a component whose lifetime is
/// not `.prototype`. A strategy that has no instance yet calls
/// ``Component/makeInstance(in:)`` to build one.
@usableFromInline package protocol LifetimeStrategy: Sendable {
    /// The lifetime as written at the registration site, such as `perContainer(weak)`.
    var name: String { get }
    /// The lifetime's place on the scale of ``LifetimeRank``, for captive-dependency validation.
    var rank: LifetimeRank { get }
    /// How serious it is that an instance of this lifetime keeps one of rank `held` (a captive
    /// dependency); `nil` if it may.
    ///
    /// The default: what lives shorter is captive, an error for an instance meant to be shared
    /// (in a scope, a container, the process), a warning for a `.prototype`, made for whoever
    /// asks; a lifetime of rank ``LifetimeRank/objectGraph``, whose instance lives one resolve
    /// (as long as anything it holds can), captures nothing.
    func captivity(of held: LifetimeRank) -> DIValidationFinding.Severity?
    /// The reference policy, for lifetimes that have one.
    var referencePolicy: DIReferencePolicy? { get }
    /// Per-registration state, made when the lifetime is set on a registration in a
    /// container (for example a cache cell), on the registering thread, before the
    /// registration takes effect: it must not call back into the container. Key anything shared beyond the container
    /// (a process-wide cache) by `identity`, never by site alone: one site may register
    /// several components and several types.
    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)?
    /// Returns the instance of `component` for this request, building it if needed.
    ///
    /// The default: the instance of the cell ``buildCell(of:)`` gives
    /// (``BuildCell/instance(of:in:)``), or a new one for every request without a cell.
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject
    /// Whether `other` keeps instances the same way, for `DIComponentLifetime`'s `==`.
    ///
    /// The default compares the dynamic types and `name`s, which suffices for a strategy that
    /// holds nothing but its kind; a strategy holding a reference (a scope) compares that.
    func isEqual(to other: any LifetimeStrategy) -> Bool
    /// Where the instance of `component` is kept beyond one resolve, for the build gate of
    /// awaited resolves; `nil` if the lifetime keeps none (then every request builds). Its
    /// ``BuildCell/cached()`` is what an awaited resolve finds without awaiting a factory.
    func buildCell(of component: Component) -> (any BuildCell)?
    /// Whether the lifetime keeps the instance of `component` beyond one resolve (a cache cell,
    /// a scope's storage): such an instance is built as the registration's own container sees
    /// the graph, see ``Component/buildOrigin(requestedFrom:)``. The default, the one rule of
    /// the caching lifetimes and scopes: `false` for a lifetime without a ``referencePolicy``
    /// (it makes an instance per request or per resolve) and for a value under a `.weak`
    /// policy, which nothing can hold weakly (a protocol or `Any` type's instance is kept when
    /// it is an object: `WeakPolicyTests.weakProtocolTypedClassInstanceIsKept`); `true`
    /// otherwise.
    func keepsInstance(of component: Component) -> Bool
}

extension LifetimeStrategy {
    package var referencePolicy: DIReferencePolicy? { nil }
    package func captivity(of held: LifetimeRank) -> DIValidationFinding.Severity? {
        held >= rank || rank == .objectGraph ? nil : held == .prototype ? .warning : .error
    }
    package func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? { nil }
    package func isEqual(to other: any LifetimeStrategy) -> Bool {
        ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) && name == other.name
    }
    package func buildCell(of component: Component) -> (any BuildCell)? { nil }
    package func keepsInstance(of component: Component) -> Bool { referencePolicy.map { $0 == .strong || !component.isValueType } ?? false }
    package func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        guard let cell = buildCell(of: component) else { return try component.makeInstance(in: &context) }
        return try cell.instance(of: component, in: &context)
    }
}
