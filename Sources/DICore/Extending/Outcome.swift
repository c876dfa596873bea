/// A build's result, handed to its waiters.
// NB: @unchecked: the instance is a cached one, shared with every requester by design.
struct Outcome: @unchecked Sendable {
    let result: Result<AnyObject, DIError>

    /// The instance, or `nil` if the build failed.
    var instance: AnyObject? { try? result.get() }
}
