/// The rule of an initializer `-> Instance`: ``ResolutionContext/_build(_:requested:)``.
@usableFromInline enum _Required<Instance>: _FactoryRule {
    @inlinable @inline(__always)
    static func build(_ context: inout ResolutionContext, _ body: (inout ResolutionContext) throws -> Instance) throws(DIError) -> Instance
    {
        try context._build(body)
    }
}
