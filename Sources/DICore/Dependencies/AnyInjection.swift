/// The registration's record of an injection, before its component type is erased.
struct AnyInjection: Sendable {
    let dependencies: [Dependency]
    /// Whether the injection must be awaited.
    let isAsync: Bool
    /// An `Injection<T>` of the registration's `T`.
    let typed: any Sendable
    /// How many `Argument` parameters it takes.
    var argumentCount: Int { dependencies.count { $0.isArgument } }

    init<T>(_ injection: Injection<T>) {
        self.dependencies = injection.dependencies
        self.isAsync = injection.apply == nil
        self.typed = injection
    }
}
