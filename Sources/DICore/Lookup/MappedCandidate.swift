/// A component of type `Source` resolved as another type through the closure given to
/// `.as(_:_:)`: a conversion the compiler checked.
// NB: @unchecked as its superclass: two immutable `let`s more, the closure `@Sendable`.
final class MappedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>
    private let convert: @Sendable (Source) -> T

    init(_ box: ComponentBox<Source>, convert: @escaping @Sendable (Source) -> T) {
        self.box = box
        self.convert = convert
        super.init()
    }

    override var component: Component { box }

    override func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        convert(try box.instance(in: &context))
    }
}
