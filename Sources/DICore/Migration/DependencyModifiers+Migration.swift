// DITranquillity's modifier functions, declared unavailable so that the compiler answers each
// habit with the parameter type to use here (see DIComponentBuilder+Migration.swift). A
// declaration of the same name in the user's module shadows these.

/// DITranquillity's `many(_:)`; here, a `[T]` parameter.
///
/// - Parameter value: What DITranquillity resolves as many.
/// - Returns: The value.
@available(
    *, unavailable,
    message: "take a [T] parameter: register { (counters: [Counter]) in Badge(counters: counters) } gets every component of the type"
)
public func many<T>(_ value: T) -> T { fatalError("unavailable") }

/// DITranquillity's `by(tag:on:)`; here, a `Tagged<Tag, T>` parameter.
///
/// - Parameters:
///   - tag: The tag.
///   - value: What DITranquillity resolves by the tag.
/// - Returns: The value.
@available(
    *, unavailable,
    message: "take a Tagged<Tag, T> parameter (its value is .value), and register the component with .tagged(Tag.self)"
)
public func by<Tag, T>(tag: Tag.Type, on value: T) -> T { fatalError("unavailable") }

/// DITranquillity's `arg(_:)`; here, an `Argument<T>` parameter.
///
/// - Parameter value: What DITranquillity takes as an argument.
/// - Returns: The value.
@available(
    *, unavailable,
    message: "take an Argument<T> parameter (its value is .value) and pass it with try resolve(_:arguments:)"
)
public func arg<T>(_ value: T) -> T { fatalError("unavailable") }
