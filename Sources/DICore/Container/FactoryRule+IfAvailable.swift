/// The rule of an initializer `-> Instance?`, `nil` meaning not available
/// (``ResolutionContext/unavailableError(requested:)``); what it throws is reported as by
/// ``_Required``, as a failure of the build of `Instance`, not of `Instance?`.
@usableFromInline enum _IfAvailable<Instance>: _FactoryRule {
    @inlinable @inline(__always)
    static func build(_ context: inout ResolutionContext, _ body: (inout ResolutionContext) throws -> Instance?) throws(DIError) -> Instance
    {
        do {
            if let value = try body(&context) { return value }
        } catch {
            throw context.factoryError(error, requested: Instance.self)
        }
        throw context.unavailableError(requested: Instance.self)
    }
}
