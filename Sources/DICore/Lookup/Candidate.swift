/// A component as a way of getting a `T` other than its own type.
// NB: @unchecked because the class is not final; its subclasses add only immutable lets.
@usableFromInline
class Candidate<T>: AnyCandidate, @unchecked Sendable {
    init() {
        super.init(isComponent: false)
    }

    @usableFromInline
    func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        preconditionFailure("subclasses override instance(in:)")
    }
}
