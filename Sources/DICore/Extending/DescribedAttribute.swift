/// A registration attribute that says where a component comes from, for diagnostics.
///
/// A module that marks components with ``RegistrationAttributes`` (such as the one loading
/// parts and frameworks) conforms its attribute value to this protocol; ``Component/info``
/// then shows the description as ``DIComponentInfo/origin``, so errors and validation
/// findings name, for example, the framework that registered each candidate.
package protocol DescribedAttribute: Sendable {
    /// A short phrase, such as `framework Payments, part PaymentsPart`.
    var originDescription: String { get }
}
