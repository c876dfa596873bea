/// A parameter given to the resolve instead of looked up in the container.
///
/// Take `Argument<Value>` as an initializer parameter for a value only the caller knows, and
/// pass it to `resolve(_:arguments:)`; arguments fill the `Argument` parameters
/// in order. A missing argument, or one of the wrong type, is a ``DIError`` with the code
/// ``DIError/Code-swift.struct/argumentMismatch``.
///
/// ```swift
/// container.register { (name: Argument<String>, bowl: Bowl) in Cat(name: name.value, bowl: bowl) }
/// let tom = try container.resolve(Cat.self, arguments: "Tom")
/// ```
///
/// Only the component the resolve asks for takes arguments (``DIArguments`` address others).
/// The `Argument` parameters of its property injections and `postInit` actions are arguments
/// of the component too: a build takes the initializer's first, then each injection's, in
/// registration order. A cached component uses them when its instance is made, and ignores
/// them when it is already made.
public struct Argument<Value> {
    /// The value given to the resolve.
    public let value: Value

    /// Wraps a value, for tests that build a component by hand.
    public init(_ value: Value) { self.value = value }
}

extension Argument: Sendable where Value: Sendable {}

extension Argument: DependencyWrapper {
    /// The next argument given to the resolve; only a parameter itself, never inside another
    /// wrapper.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Argument<Value>> {
        let dependency = Dependency(type: Value.self, qualifier: position.qualifier, given: .argument)
        if position.isNested {
            return .meaningless(
                dependency,
                "an Argument is given to the resolve, so it must be a parameter itself, not inside [ ], ?, Lazy, Provider or Tagged")
        }
        return DependencyGetter(dependency) { (context) throws(DIError) -> Argument<Value> in
            Argument(try context.takeArgument(Value.self))
        }
    }
}
