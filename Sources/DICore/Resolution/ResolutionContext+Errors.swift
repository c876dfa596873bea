/// The errors of a resolve, with its path: one place builds each.
extension ResolutionContext {
    /// An error of the component being built (its factory failed, or it cannot be built
    /// synchronously): the component is the requested type, so it is not on the path again.
    func errorOfCurrentComponent(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        DIError(reason.about(path.last), requested: type, path: Array(path.dropLast()))
    }

    /// An error about `type` at the current point of the path.
    func error(_ reason: DIError.Reason, requested type: Any.Type) -> DIError {
        DIError(reason, requested: type, path: path)
    }

    /// The error of a factory that returned `nil`: the component is not available, as if it
    /// were not registered (so `T?` becomes `nil` and `[T]` leaves it out).
    @usableFromInline func unavailableError(requested type: Any.Type) -> DIError {
        errorOfCurrentComponent(
            .notRegistered(qualifier: nil, hint: "Its factory returned nil: it is not available."), requested: type)
    }

    /// Whether `error` says that a component met at this point of the path is not available
    /// (its factory returned `nil`) or not registered, rather than something deeper failing.
    func isUnavailableHere(_ error: DIError) -> Bool {
        error.code == .notRegistered && error.path.count == depth
    }

    /// The error of a factory that threw `error`: a ``DIError`` (from a dependency) as it is,
    /// any other error as ``DIError/Code-swift.struct/factoryFailed`` of the component being built.
    @usableFromInline func factoryError(_ error: any Error, requested type: Any.Type) -> DIError {
        if let error = error as? DIError { return error }
        return errorOfCurrentComponent(.factoryFailed(error), requested: type)
    }
}
