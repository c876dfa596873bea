/// The rule of an initializer `-> Instance`: what it throws is reported by
/// ``ResolutionContext/factoryError(_:requested:)`` as a failure of the instance's build.
@usableFromInline enum _Required<Instance>: _FactoryRule {
    @inlinable @inline(__always)
    static func build(_ context: inout ResolutionContext, _ body: (inout ResolutionContext) throws -> Instance) throws(DIError) -> Instance
    {
        do {
            return try body(&context)
        } catch {
            throw context.factoryError(error, requested: Instance.self)
        }
    }
}
