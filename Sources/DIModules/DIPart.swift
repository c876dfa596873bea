import DICore

/// A group of components registered together: appended to a container as one unit.
///
/// A part is a type (usually an empty class or enum) whose static ``load(container:)``
/// registers its components; no instance is ever made.
///
/// ```swift
/// final class PaymentsPart: DIPart {
///     static func load(container: DIContainer) {
///         container.register(CardReader.init)
///         container.register(Checkout.init)
///     }
/// }
///
/// container.append(part: PaymentsPart.self)
/// ```
///
/// Appending a part a second time to the same container does nothing, so parts can append
/// the parts they need without coordinating. Every component a part registers remembers it
/// (and the framework that appended it), and errors show it.
///
/// `load` runs on the thread that calls `append`, so a conformance cannot be isolated to
/// an actor, and part types can be passed between threads (`any DIPart.Type` is `Sendable`).
public protocol DIPart: SendableMetatype {
    /// Registers the part's components in `container`.
    ///
    /// Called once per container, by ``DICore/DIContainer/append(part:file:line:column:)``.
    ///
    /// - Parameter container: The container to register in.
    static func load(container: DIContainer)
}
