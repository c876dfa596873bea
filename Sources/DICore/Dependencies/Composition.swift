/// How a wrapper getter of `Value` composes inside `[ ]`.
final class Composition<Value>: Sendable {
    let pinned: @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value
    let candidates: @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]

    init(
        pinned: @escaping @Sendable (inout ResolutionContext, any AnyObject & Sendable) throws(DIError) -> Value,
        candidates: @escaping @Sendable (inout ResolutionContext) throws(DIError) -> [any AnyObject & Sendable]
    ) {
        self.pinned = pinned
        self.candidates = candidates
    }
}
