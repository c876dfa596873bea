/// Where a component's factory must run, recorded at registration.
///
/// The cases go from the least to the most strict: a registration's isolation is the
/// strictest of its factory's and its injections' (``Registration/addInjection(_:)``).
@usableFromInline enum ComponentIsolation: UInt8, Sendable {
    /// Anywhere, synchronously: the resolver calls it inline.
    case nonisolated
    /// On the main actor: synchronously from the main actor, awaited from elsewhere.
    case mainActor
    /// On the main actor, and its instances, which are not `Sendable`, never leave it: only a
    /// synchronous resolve on the main actor builds one or gets a kept one
    /// (`MainActorBoundTests`).
    case mainActorBound
    /// The factory is `async` (or isolated to another actor): only an awaited resolve builds it.
    case async
}
