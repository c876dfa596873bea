/// Where a component's factory must run, recorded at registration.
@usableFromInline
enum ComponentIsolation: Sendable {
    /// Anywhere, synchronously: the resolver calls it inline.
    case nonisolated
    /// On the main actor: synchronously from the main actor, awaited from elsewhere.
    case mainActor
    /// The factory is `async` (or isolated to another actor): only an awaited resolve builds it.
    case async
}
