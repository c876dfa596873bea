import Synchronization

/// Attributes every registration made inside a load receives: how a module (such as the one
/// loading parts and frameworks) marks the components it registers.
///
/// A load sets them through
/// ``BuildGate/runOnce(_:in:task:into:group:attributes:reporting:file:line:column:_:)``, in the
/// one task-local value that also holds the load's resolve and frame.
package enum RegistrationAttributes {
    /// A set of attributes, made once and given to every registration made in its scope.
    ///
    /// Its registrations share one details object holding the attributes (a registration's
    /// first edit copies it), so a registration in a scope allocates nothing for them; a module
    /// that keeps a scope per origin makes none per load either. `SharedDetailsTests` guards it.
    package final class Scope: Sendable {
        /// The attributes.
        package let values: [ObjectIdentifier: any Sendable]
        /// The details every registration made in the scope starts from, never edited.
        ///
        /// `nil` when there are no attributes.
        let details: RegistrationDetails?

        /// A scope giving `values`.
        package init(_ values: [ObjectIdentifier: any Sendable]) {
            self.values = values
            self.details = values.isEmpty ? nil : RegistrationDetails(attributes: values)
        }
    }

    /// Whether any attributes were ever set in this process: until then a registration skips
    /// reading the task-local value.
    // NB: relaxed: a registration inside a load runs on the task that set the flag, or on
    // a task it created afterwards, so it sees the flag set; one outside sees empty attributes
    // whatever it reads. The flag never goes back to false.
    static let everSet = Atomic<Bool>(false)

    /// The scope of the registrations made here and now, if any.
    package static var scope: Scope? {
        everSet.load(ordering: .relaxed) ? BuildGate.taskScope.attributes : nil
    }
}
