/// What a feature module needs to report a failure of its own as a ``DIError``.
extension DIError {
    /// An error of `reason` for a request of `requested`, with the components being built.
    package init(_ reason: Reason, requested: Any.Type, path: [DIComponentInfo]) {
        storage = Storage(reason: reason, requestedType: requested, path: path)
    }

    /// The same error seen from further out: `outer` components precede the path.
    package func prefixed(by outer: [DIComponentInfo]) -> DIError {
        DIError(reason, requested: requestedType, path: outer + path)
    }
}

extension DIError.Reason {
    /// The reason, naming `component` (with its registration site) as the one that failed,
    /// for the reasons whose message is about the component itself rather than a step of its
    /// path: every error then names the user's file and line.
    func about(_ component: DIComponentInfo?) -> Self {
        switch self {
        case .requiresAsync(let why, nil): .requiresAsync(why, component: component)
        case .requiresMainActor(nil): .requiresMainActor(component: component)
        case .argumentMismatch(let why, nil): .argumentMismatch(why, component: component)
        default: self
        }
    }
}
