import DICore

// Swinject's scope names, declared unavailable so that the compiler answers each habit with
// the lifetime to use here (see DICore's DIComponentBuilder+Migration.swift). They live in
// DILifetime, beside the lifetimes they name.

extension DIComponentLifetime {
    /// Swinject's `.container`; here, `.perContainer(.strong)`.
    @available(
        *, unavailable,
        message: "Swinject's .container is .perContainer(.strong) here; .single is one instance per program, shared by every container"
    )
    public static var container: DIComponentLifetime { fatalError("unavailable") }

    /// Swinject's `.transient`; here, `.prototype`, the default.
    @available(*, unavailable, message: "Swinject's .transient is .prototype here, the default: leave .lifetime(_:) out")
    public static var transient: DIComponentLifetime { fatalError("unavailable") }

    /// Swinject's `.graph`; here, `.objectGraph`.
    @available(
        *, unavailable,
        message: "Swinject's .graph is .objectGraph here (one instance per resolve call); the default here is .prototype"
    )
    public static var graph: DIComponentLifetime { fatalError("unavailable") }

    /// Swinject's `.weak`; here, `.perContainer(.weak)`.
    @available(
        *, unavailable,
        message: "Swinject's .weak is .perContainer(.weak) here; .perRun(.weak) shares the instance across containers"
    )
    public static var weak: DIComponentLifetime { fatalError("unavailable") }
}
