/// The arguments of a resolve: given to the component it resolves, or addressed by type.
extension ResolutionContext {
    /// Runs `body`, a resolve that joined this one, from `container`'s point of view (see
    /// ``withOrigin(_:_:)``) with `arguments` as the arguments of the component it resolves,
    /// and `addressed` added to the arguments addressed by type (or, `replacing`, instead of
    /// them).
    mutating func withArguments<R>(
        _ arguments: [Any], addressed: [DIArguments], replacing: Bool = false, origin container: DIContainer,
        _ body: (inout ResolutionContext) throws(DIError) -> R
    ) throws(DIError) -> R {
        let session = sharedSession()
        let saved = unsafe (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments)
        unsafe session.arguments = arguments
        unsafe session.argumentCursors = [:]
        unsafe session.argumentDepth = depth + 1
        unsafe session.addressedArguments = unsafe replacing ? addressed : session.addressedArguments + addressed
        defer {
            unsafe (session.arguments, session.argumentCursors, session.argumentDepth, session.addressedArguments) = saved
        }
        return try withOrigin(container, body)
    }

    /// The next argument for an `Argument<Value>` parameter of the component being built, or
    /// of the property injection or `postInit` of its instance that is running.
    ///
    /// The arguments are those addressed to its type, else, for the component the resolve
    /// asks for, the resolve's own (``givenArguments(to:atDepth:)``). A build takes the
    /// initializer's first, then each injection's, in registration order
    /// (`InjectionArgumentTests.theFactorysArgumentsComeFirstThenTheInjections`).
    mutating func takeArgument<Value>(_ type: Value.Type) throws(DIError) -> Value {
        guard let component = requester else {
            throw error(.argumentMismatch("an Argument is only a parameter of a component"), requested: Value.self)
        }
        let session = sharedSession()
        let injection = unsafe session.injectionArguments.flatMap {
            $0.registrationID == component.registrationID && $0.depth == depth ? $0 : nil
        }
        func mismatch(_ message: String) -> DIError { errorOfCurrentComponent(.argumentMismatch(message), requested: component.type) }
        let given = injection.map(\.given) ?? givenArguments(to: component, atDepth: depth)
        guard let given else {
            throw mismatch(
                "it takes an Argument (\(readableName(of: Value.self))) below the top of the graph; address it with "
                    + "arguments: .for(\(readableName(of: component.type)).self, ...)")
        }
        // Each build takes its arguments from the first: the cursor wraps after the initializer's.
        let index = unsafe injection?.next ?? session.argumentCursors[component.registrationID] ?? 0
        guard index < given.count else {
            throw mismatch(
                "argument \(index + 1) (\(readableName(of: Value.self))) is missing; \(given.count) given, and "
                    + "\(component.info) takes \(component.argumentCount) Argument parameter(s)")
        }
        guard let value = given[index] as? Value else {
            throw mismatch(
                "argument \(index + 1) must be \(readableName(of: Value.self)), not \(readableName(of: Swift.type(of: given[index])))")
        }
        let next = index + 1
        if injection != nil {
            unsafe session.injectionArguments?.next = next
        } else {
            unsafe session.argumentCursors[component.registrationID] = next == component.initializerArgumentCount ? nil : next
        }
        return value
    }

    /// The arguments given to a build of `component` standing at `depth` on the path: those
    /// addressed to its type, else the resolve's own if it is the component the resolve asks
    /// for; `nil` if none are (a component below the top without addressed arguments).
    func givenArguments(to component: Component, atDepth depth: Int) -> [Any]? {
        if let addressed = unsafe session?.addressedArguments.last(where: { $0.address(component) }) { return addressed.values.value }
        guard unsafe depth == session?.argumentDepth ?? 1 && !(session?.buildsBelowTop ?? false) else { return nil }
        return unsafe session?.arguments ?? []
    }
}
