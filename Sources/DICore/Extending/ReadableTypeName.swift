/// The name of `type` as every diagnostic shows it: `String(reflecting:)` without its
/// `(unknown context at $…).` segments.
///
/// Swift names a `private`, `fileprivate` or local type by the address of its context
/// (`App.(unknown context at $55f7…).Repository`), which says nothing to a reader and differs
/// from run to run. This keeps the module and the rest of the path (`App.Repository`), and
/// works inside generic arguments and function types too (`DICore.Lazy<App.Repository>`).
/// Errors, validation findings, `DIRegistrationInfo`, the DOT export and the feature modules'
/// messages all name types through it, the one home of that rule
/// (`ReadableTypeNameTests` guards each of those doors).
///
/// - Parameter type: The type to name.
/// - Returns: Its fully qualified name, without anonymous contexts.
package func readableName(of type: Any.Type) -> String {
    readableTypeName(String(reflecting: type))
}

/// `name` without its `(unknown context at $…).` segments: the text rule behind
/// ``readableName(of:)``, exposed for the tests that feed it names no type has.
package func readableTypeName(_ name: String) -> String {
    // An address holds hexadecimal digits only, so the first `)` closes the segment; the `.`
    // after it goes with it.
    name.contains("(unknown context at $") ? name.replacing(#/\(unknown context at \$[^)]*\)\.?/#, with: "") : name
}
