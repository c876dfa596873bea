/// The registration's record of an injection, before its component type is erased.
struct AnyInjection: Sendable {
    let dependencies: [Dependency]
    /// Whether the injection must be awaited.
    let isAsync: Bool
    /// Whether the injection runs on the main actor: it has a synchronous form, run on the
    /// main actor, and an awaited one, which hops there (only main-actor injections have both).
    let isMainActor: Bool
    /// Whether its parameters stay on the main actor: its component's instances then do too.
    let staysOnMainActor: Bool
    /// Whether it is a `postInit` action (else a property injection), as validation names it.
    let isPostInit: Bool
    /// An `Injection<T>` of the registration's `T`.
    let typed: any Sendable
    /// How many `Argument` parameters it takes.
    var argumentCount: Int { dependencies.count { $0.isArgument } }

    init<T>(_ injection: Injection<T>) {
        self.dependencies = injection.dependencies
        self.isAsync = injection.apply == nil
        self.isMainActor = injection.apply != nil && injection.applyAsync != nil
        self.staysOnMainActor = injection.staysOnMainActor
        switch injection.stage {
        case .property: self.isPostInit = false
        case .postInit: self.isPostInit = true
        }
        self.typed = injection
    }
}
