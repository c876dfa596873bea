import Synchronization

/// Attributes every registration made inside ``withValue(_:operation:)`` receives: how a
/// module (such as the one loading parts and frameworks) marks the components it registers.
package enum RegistrationAttributes {
    @TaskLocal private static var stored: [ObjectIdentifier: any Sendable] = [:]

    /// Whether any attributes were ever set in this process: until then a registration skips
    /// reading the task-local value.
    // NB: relaxed: a registration inside `withValue` runs on the task that set the flag, or on
    // a task it created afterwards, so it sees the flag set; one outside sees empty attributes
    // whatever it reads. The flag never goes back to false.
    private static let everSet = Atomic<Bool>(false)

    /// The attributes of the registrations made here and now.
    package static var current: [ObjectIdentifier: any Sendable] {
        // `Dictionary()`, not `[:]`: the literal calls `init(dictionaryLiteral:)` with an empty list.
        everSet.load(ordering: .relaxed) ? stored : Dictionary()
    }

    /// Runs `operation` with `attributes` given to every registration it makes (on its task,
    /// and on the tasks it creates).
    package static func withValue<R>(
        _ attributes: [ObjectIdentifier: any Sendable],
        operation: () throws -> R
    ) rethrows -> R {
        everSet.store(true, ordering: .relaxed)
        return try $stored.withValue(attributes, operation: operation)
    }
}
