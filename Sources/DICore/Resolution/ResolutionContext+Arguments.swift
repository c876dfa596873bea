/// The arguments of a resolve: given to the component it resolves, or addressed by type.
extension ResolutionContext {
    /// Runs `body` with `arguments` as the arguments of the component it resolves, and
    /// `addressed` added to the arguments addressed by type (or, `replacing`, instead of
    /// them), in a resolve that joined this one.
    mutating func withArguments<R>(
        _ arguments: [Any],
        addressed: [DIArguments],
        replacing: Bool = false,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let session = sharedSession()
        let saved = (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments)
        session.arguments = arguments
        session.argumentCursors = [:]
        session.argumentDepth = depth + 1
        session.addressedArguments = replacing ? addressed : session.addressedArguments + addressed
        defer {
            (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments) = saved
        }
        return try body(&self)
    }

    /// The next argument for an `Argument<Value>` parameter of the component being built:
    /// from the arguments addressed to its type, else, for the component the resolve asks
    /// for, from the resolve's own arguments.
    mutating func takeArgument<Value>(_ type: Value.Type) throws(DIError) -> Value {
        guard let component = requester else {
            throw error(.argumentMismatch("an Argument is only a parameter of a component"), requested: Value.self)
        }
        let session = sharedSession()
        let given: [Any]
        if let addressed = session.addressedArguments.last(where: { $0.address(component) }) {
            given = addressed.values.values
        } else if depth == session.argumentDepth && !session.buildsBelowTop {
            given = session.arguments
        } else {
            throw errorOfCurrentComponent(
                .argumentMismatch(
                    "it takes an Argument (\(String(reflecting: Value.self))) below the top of the graph; address it with "
                        + "arguments: .for(\(String(reflecting: component.type)).self, ...)"),
                requested: component.type)
        }
        // Each build takes its arguments from the first: the cursor wraps after the last.
        let index = session.argumentCursors[component.registrationID] ?? 0
        guard index < given.count else {
            throw errorOfCurrentComponent(
                .argumentMismatch("argument \(index + 1) (\(String(reflecting: Value.self))) is missing; \(given.count) given"),
                requested: component.type)
        }
        guard let value = given[index] as? Value else {
            throw errorOfCurrentComponent(
                .argumentMismatch(
                    "argument \(index + 1) must be \(String(reflecting: Value.self)), not \(String(reflecting: Swift.type(of: given[index])))"
                ),
                requested: component.type)
        }
        let next = index + 1
        session.argumentCursors[component.registrationID] = next == component.argumentCount ? nil : next
        return value
    }
}
