/// What a feature module needs to report a problem of its own from validation.
extension DIValidationFinding.Kind {
    /// A kind of finding a feature module adds, named `name` (such as DIModules'
    /// `importNotAppended`).
    package static func module(_ name: String) -> Self {
        Self(name)
    }
}
