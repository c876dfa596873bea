/// One parameter of a fixed-arity `register` form, as its factory takes it.
///
/// Swift does not specialize the elements of a parameter pack: a pack-registered factory
/// takes each parameter through its getter's closure, and a type resolved as itself is then
/// resolved by code compiled once for every type (metadata look-ups, values moved through
/// value witnesses, the component's build not inlined). The fixed-arity forms keep one
/// `_InlineParameter` per parameter instead, inside a factory compiled for the caller's
/// types: a type resolved as itself is resolved inline, as a top-level resolve is; every
/// other shape (`T?`, `[T]`, `Lazy`, `Provider`, `Tagged`, `Named`, `Argument`,
/// `DIContainer`) goes through its getter, as in the pack form.
@usableFromInline
struct _InlineParameter<Value>: Sendable {
    /// The getter's closure, or `nil` for a type resolved as itself (resolved inline then).
    ///
    /// One optional closure, no flag beside it: it is as large as the closure alone, so a
    /// factory holds no more than the pack form's does.
    @usableFromInline
    let _get: (@Sendable (inout ResolutionContext) throws(DIError) -> Value)?

    @inlinable
    init(_ getter: DependencyGetter<Value>) {
        _get = getter._resolvesItself ? nil : getter.get
    }

    /// The parameter's value for the component being built.
    @inlinable @inline(__always)
    func value(in context: inout ResolutionContext) throws(DIError) -> Value {
        if let get = _get { return try get(&context) }
        return try context.resolve(Value.self)
    }
}
