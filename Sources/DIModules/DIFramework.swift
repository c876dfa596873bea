import DICore

/// The components and parts of one module (one Swift module or bundle), which may import
/// other frameworks.
///
/// A framework is a part with more to it: everything said of parts holds for frameworks, and
/// a framework appended with ``DICore/DIContainer/append(part:file:line:column:)`` is appended as a framework.
/// What only a framework does is ``DICore/DIContainer/import(_:file:line:)``: at the start of its
/// ``DIPart/load(container:)`` it names the frameworks whose components it may use.
///
/// ```swift
/// final class CheckoutFramework: DIFramework {
///     static func load(container: DIContainer) {
///         container.import(PaymentsFramework.self)
///         container.append(part: CheckoutPart.self)
///         container.register(CheckoutScreen.init)
///     }
/// }
///
/// container.append(framework: PaymentsFramework.self)
/// container.append(framework: CheckoutFramework.self)
/// ```
///
/// Imports do not load anything and do not restrict anything: any component can use any
/// other. They settle a dispute. When several components fit a dependency and none is the
/// default, the container prefers those of the requesting component's own framework, then
/// those of the frameworks that framework imports directly.
public protocol DIFramework: DIPart {}
