/// How a wrapper getter of `Value` composes inside `[ ]`.
@usableFromInline final class Composition<Value>: Sendable {
    let pinned: @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value
    let candidates: @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]
    /// The one candidate (an ``AnyCandidate``) a getter settled by
    /// ``DependencyGetter/pinned(to:)`` resolves, for the walks that look components up
    /// without a resolve (an awaited resolve's preparation); `nil` for any other getter.
    let pinnedCandidate: (any AnyObject & Sendable)?

    init(
        pinned: @escaping @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value,
        candidates: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable],
        pinnedCandidate: (any AnyObject & Sendable)? = nil
    ) {
        self.pinned = pinned
        self.candidates = candidates
        self.pinnedCandidate = pinnedCandidate
    }
}
