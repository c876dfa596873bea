/// The rule of an initializer `-> Instance?`, `nil` meaning not available:
/// ``ResolutionContext/_buildIfAvailable(_:)``.
@usableFromInline enum _IfAvailable<Instance>: _FactoryRule {
    @inlinable @inline(__always)
    static func build(_ context: inout ResolutionContext, _ body: (inout ResolutionContext) throws -> Instance?) throws(DIError) -> Instance
    {
        try context._buildIfAvailable(body)
    }
}
