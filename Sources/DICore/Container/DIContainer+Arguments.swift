extension DIContainer {
    /// Resolves a `T` whose `Argument` parameters take `arguments`, in order.
    ///
    /// The arguments go to the component the resolve asks for. A ``DIArguments`` value among
    /// them (`DIArguments.for(Cat.self, "Tom")`) goes instead to the components of its type,
    /// wherever they stand in the graph.
    ///
    /// ```swift
    /// let tom = try container.resolve(Cat.self, arguments: "Tom", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - first: The first argument.
    ///   - rest: The other arguments, in the order of the `Argument` parameters.
    ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor
    ///     components are built inline.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: ``DIError``; ``DIError/Code-swift.struct/argumentMismatch`` when an argument is
    ///   missing or of the wrong type, or when more are given than the component takes.
    public func resolve<T, First, each Rest>(
        _ type: T.Type, arguments first: First, _ rest: repeat each Rest, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(T.self, qualifier: nil, arguments: DIArguments.values(first, repeat each rest), callerIsolation: isolation)
    }

    /// Resolves a `T`, giving arguments to the components of the types they address, anywhere
    /// in the graph.
    ///
    /// ```swift
    /// let owner = try container.resolve(Owner.self, arguments: .for(Cat.self, "Tom"), .for(Bowl.self, 2))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - first: Arguments for the components of one type.
    ///   - more: Arguments for the components of other types.
    ///   - isolation: The caller's actor; leave the default. On the main actor, main-actor
    ///     components are built inline.
    /// - Returns: The instance, built with the component's lifetime.
    /// - Throws: ``DIError``; ``DIError/Code-swift.struct/argumentMismatch`` when an argument is
    ///   missing or of the wrong type, when no component of an addressed type is registered, or
    ///   when more are given than it takes.
    @_disfavoredOverload public func resolve<T>(
        _ type: T.Type, arguments first: DIArguments, _ more: DIArguments..., isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(T.self, qualifier: nil, arguments: [first] + more, callerIsolation: isolation)
    }

    /// Resolves the `T` registered with `name`, whose `Argument` parameters take `arguments`.
    ///
    /// `isolation` is the caller's actor; leave the default.
    ///
    /// - Throws: ``DIError``, as `resolve(_:arguments:)` does.
    public func resolve<T, First, each Rest>(
        _ type: T.Type, name: String, arguments first: First, _ rest: repeat each Rest, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(T.self, qualifier: .name(name), arguments: DIArguments.values(first, repeat each rest), callerIsolation: isolation)
    }

    /// Resolves the `T` tagged with `tag`, whose `Argument` parameters take `arguments`.
    ///
    /// `isolation` is the caller's actor; leave the default.
    ///
    /// - Throws: ``DIError``, as `resolve(_:arguments:)` does.
    public func resolve<T, Tag, First, each Rest>(
        _ type: T.Type, tag: Tag.Type, arguments first: First, _ rest: repeat each Rest, isolation: isolated (any Actor)? = #isolation
    ) throws(DIError) -> T {
        try resolve(
            T.self, qualifier: Qualifier(tag: tag), arguments: DIArguments.values(first, repeat each rest), callerIsolation: isolation)
    }

    /// Resolves with a name or tag, or without, given `arguments` (in a session made for them,
    /// checked as ``argumentSession(for:qualifier:all:)`` says) or none: the synchronous door
    /// of every qualified or argument request, which the awaited one
    /// (``resolveAwaiting(_:qualifier:arguments:)``) answers alike when nothing needs awaiting.
    ///
    /// On `callerIsolation`, the main actor, main-actor components are built inline.
    func resolve<T>(
        _ type: T.Type, qualifier: Qualifier?, arguments: [Any]? = nil, callerIsolation: (any Actor)? = nil
    ) throws(DIError) -> T {
        let session = try arguments.map { (all) throws(DIError) in try argumentSession(for: T.self, qualifier: qualifier, all: all) }
        return try withContext(session: session, callerIsolation: callerIsolation) { (context) throws(DIError) -> T in
            try context.resolve(T.self, qualifier: qualifier)
        }
    }

    /// A session holding `values` for the request for `T` with `qualifier`, as every door
    /// understands it (``DependencyGetter/request(qualifier:from:)``: the components of `[T]`
    /// or `T?` take the resolve's own arguments).
    func argumentSession<T>(for type: T.Type, qualifier: Qualifier?, all values: [Any]) throws(DIError) -> ResolutionSession {
        // Only the resolve's own arguments are checked against the request's components.
        let dependency =
            values.allSatisfy { $0 is DIArguments }
            ? Dependency(type: T.self, qualifier: qualifier) : DependencyGetter<T>.request(qualifier: qualifier, from: self).dependency
        return try argumentSession(for: dependency, requested: T.self, values)
    }

    /// A session holding `values` (the resolve's own, and ``DIArguments`` addressed to
    /// types) for a resolve of `dependency`, after checking that no component is given more
    /// arguments than it takes.
    func argumentSession(for dependency: Dependency, requested: Any.Type, _ values: [Any]) throws(DIError) -> ResolutionSession {
        let session = ResolutionSession(
            arguments: values.filter { !($0 is DIArguments) }, addressed: values.compactMap { $0 as? DIArguments })
        let components = unsafe session.arguments.isEmpty ? [] : ResolutionContext.lookUp(dependency, requester: nil, from: self).components
        if components.count == 1, unsafe components[0].argumentCount < session.arguments.count {
            let root = components[0]
            let extra = unsafe Array(session.arguments[root.argumentCount...])
            throw unsafe Self.tooMany(session.arguments.count, for: root, hint: argumentTakersHint(below: root, for: extra))
        }
        for addressed in unsafe session.addressedArguments {
            let components = chain.flatMap { $0.allComponents().filter { addressed.address($0) } }
            guard !components.isEmpty else {
                throw DIError(
                    .argumentMismatch(
                        "arguments are addressed to \(readableName(of: addressed.type)), and no component of that type is registered"),
                    requested: requested, path: [])
            }
            if let taker = components.first(where: { $0.argumentCount < addressed.values.value.count }) {
                throw Self.tooMany(addressed.values.value.count, for: taker)
            }
        }
        return session
    }

    private static func tooMany(_ given: Int, for component: Component, hint: String? = nil) -> DIError {
        let message = "\(given) argument(s) given, but \(component.info) takes \(component.argumentCount) Argument parameter(s)"
        return DIError(.argumentMismatch(message + (hint.map { ". " + $0 } ?? "")), requested: component.type, path: [])
    }

    /// Which components of `root`'s graph take the arguments `extra` that `root` does not,
    /// and the `.for(…)` that gives them theirs; `nil` when none takes an `Argument`.
    ///
    /// Those taking an `Argument` of an extra value's type are named, else every one taking an
    /// `Argument`; the graph is validation's (no factory runs), walked from `root`
    /// (`ArgumentTakerHintTests`).
    private func argumentTakersHint(below root: Component, for extra: [Any]) -> String? {
        let graph = DependencyGraph(container: self)
        guard let start = graph.nodes.firstIndex(where: { $0.component === root }) else { return nil }
        var parents = Array(repeating: -1, count: graph.nodes.count)
        var takers: [(component: Component, types: [Any.Type])] = []
        for node in graph.walk(from: [start], parents: &parents) where node != start {
            let component = graph.nodes[node].component
            let types = (component.initializerDependencies + component.propertyDependencies).filter(\.isArgument).map(\.type)
            if !types.isEmpty, !takers.contains(where: { $0.component === component }) { takers.append((component, types)) }
        }
        let extraTypes = extra.map { ObjectIdentifier(Swift.type(of: $0)) }
        let matching = takers.filter { taker in taker.types.contains { extraTypes.contains(ObjectIdentifier($0)) } }
        let named = matching.isEmpty ? takers : matching
        guard let first = named.first else { return nil }
        let list = named.map { taker in
            "\(taker.component.info) takes " + taker.types.map { "Argument<\(readableName(of: $0))>" }.joined(separator: ", ")
        }
        return "Below it in the graph, " + list.joined(separator: "; ")
            + ": address the arguments to the component that takes them, as in "
            + "`arguments: .for(\(readableName(of: first.component.type)).self, value)`"
    }
}
