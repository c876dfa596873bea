import DICore

extension DIComponentLifetime {
    /// One instance per component for the whole program, made by
    /// ``DICore/DIContainer/initializeSingletonObjects()`` and kept until the program ends.
    ///
    /// If `initializeSingletonObjects()` is never called, `.single` behaves exactly like
    /// `.perRun(.strong)`: the instance is made on first request.
    public static let single = DIComponentLifetime(strategy: CachingStrategy(span: .single, policy: .strong))

    /// One instance per component for the program run, made on first request and shared by
    /// every container that holds the component (the same registration site, type and ordinal).
    ///
    /// - Parameter policy: `.strong` keeps the instance; `.weak` lets it go with the
    ///   application's last reference, and the next request makes a new one.
    public static func perRun(_ policy: DIReferencePolicy) -> DIComponentLifetime {
        policy == .weak ? perRunWeak : perRunStrong
    }

    /// One instance per component per container, made on first request.
    ///
    /// ``DICore/DIContainer/clean()`` drops every such instance the container holds. The
    /// instance is built as the container holding the registration sees the graph, so a
    /// child container resolving it gets its parent's instance.
    ///
    /// - Parameter policy: `.strong` keeps the instance; `.weak` lets it go with the
    ///   application's last reference, and the next request makes a new one.
    public static func perContainer(_ policy: DIReferencePolicy) -> DIComponentLifetime {
        policy == .weak ? perContainerWeak : perContainerStrong
    }

    /// A new instance for every resolve call, but one instance within that call: every
    /// component that needs it while one resolve builds its graph gets the same instance.
    ///
    /// Its main use is cycles: `A` takes `B` in its initializer, `B` gets `A` by property
    /// injection, and resolving `A` gives an `A` and a `B` that point at each other.
    public static let objectGraph = DIComponentLifetime(strategy: ObjectGraphStrategy())

    // Each parameterized lifetime of this module, made once (as `.single` and `.objectGraph` are): a lifetime boxes its
    // strategy, so a registration shares the box rather than allocating its own.
    private static let perRunWeak = DIComponentLifetime(strategy: CachingStrategy(span: .perRun, policy: .weak))
    private static let perRunStrong = DIComponentLifetime(strategy: CachingStrategy(span: .perRun, policy: .strong))
    private static let perContainerWeak = DIComponentLifetime(strategy: CachingStrategy(span: .perContainer, policy: .weak))
    private static let perContainerStrong = DIComponentLifetime(strategy: CachingStrategy(span: .perContainer, policy: .strong))
}
