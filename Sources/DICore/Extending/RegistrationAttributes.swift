/// Attributes every registration made inside `withValue` receives: how a module (such as
/// the one loading parts and frameworks) marks the components it registers.
package enum RegistrationAttributes {
    @TaskLocal package static var current: [ObjectIdentifier: any Sendable] = [:]
}
