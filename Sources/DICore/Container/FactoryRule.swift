/// How a fixed-arity `register` form's initializer result becomes the component's instance:
/// ``_Required`` for an initializer `-> T`, ``_IfAvailable`` for `-> T?`.
///
/// The two forms of each arity from one parameter up share one body (`_register` in
/// DIContainer+RegisterFixedArity.swift), compiled for the caller's rule, so a factory runs
/// the rule's build inline; the forms without parameters name their rule directly. `FixedArityRegisterTests` checks that both kinds of form behave as
/// the parameter-pack forms do.
@usableFromInline protocol _FactoryRule: SendableMetatype {
    /// The component's type.
    associatedtype Instance
    /// What the initializer returns.
    associatedtype Result

    /// Runs `body`, the initializer on its resolved parameters, and makes its result the instance.
    static func build(_ context: inout ResolutionContext, _ body: (inout ResolutionContext) throws -> Result) throws(DIError) -> Instance
}
