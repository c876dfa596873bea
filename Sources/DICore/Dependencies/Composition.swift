/// How a wrapper getter of `Value`, or a getter settled on a candidate, composes inside `[ ]`.
@usableFromInline final class Composition<Value>: Sendable {
    /// The getter with its innermost lookup settled on a candidate (``DependencyGetter/pinned(to:)``).
    let pin: @Sendable (AnyCandidate) -> DependencyGetter<Value>
    /// The one candidate a getter settled by ``DependencyGetter/pinned(to:)`` resolves, for the
    /// walks that look components up without a resolve (an awaited resolve's preparation);
    /// `nil` for any other getter.
    let pinnedCandidate: AnyCandidate?

    init(pinnedCandidate: AnyCandidate?, pin: @escaping @Sendable (AnyCandidate) -> DependencyGetter<Value>) {
        self.pin = pin
        self.pinnedCandidate = pinnedCandidate
    }
}
