/// The strategy a `.prototype` component keeps in place of none; never asked for an instance.
struct PrototypeStrategy: LifetimeStrategy {
    /// The strategy, boxed once for every `.prototype` component.
    static let box = LifetimeStrategyBox(PrototypeStrategy())

    var name: String { "prototype" }
    var rank: LifetimeRank { .prototype }
}
