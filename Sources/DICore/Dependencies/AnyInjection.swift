/// The registration's record of an injection, whatever its component's type: an
/// ``Injection`` of the registration's `T`, which its component casts it back to.
protocol AnyInjection: Sendable {
    /// The types it takes, recorded as property dependencies.
    var dependencies: [Dependency] { get }
    /// Where it runs (see ``Injection/isolation``): the strictest isolation among a
    /// registration's factory and injections is its component's.
    var isolation: ComponentIsolation { get }
    /// Whether it is a property injection or a `postInit` action, as validation names it.
    var stage: InjectionStage { get }
    /// How many `Argument` parameters it takes.
    var argumentCount: Int { get }
}
