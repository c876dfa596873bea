/// A build's result, handed to its waiters.
///
/// An object: the gate's entries and claims, copied and destroyed on every build, hold one
/// pointer. A `Result` of an error this large, held in place, is copied and destroyed through
/// its type's value witnesses.
// NB: @unchecked: the instance is a cached one, shared with every requester by design.
final class Outcome: @unchecked Sendable {
    let result: Result<AnyObject, DIError>

    init(result: Result<AnyObject, DIError>) {
        self.result = result
    }

    /// The instance, or `nil` if the build failed.
    var instance: AnyObject? { try? result.get() }
}
