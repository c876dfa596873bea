/// A component of type `Source` resolved as a type it was exposed as with `.as(_:)`.
// NB: @unchecked as its superclass: one immutable `let` more.
final class ConvertedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>

    init(_ box: ComponentBox<Source>) {
        self.box = box
        super.init()
    }

    override var component: Component { box }

    override func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        let value = try box.instance(in: &context)
        guard let converted = value as? T else {
            throw context.error(
                .typeMismatch(expected: T.self, actual: type(of: value), component: box.info), requested: T.self)
        }
        return converted
    }
}
