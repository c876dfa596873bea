/// Where a type stands in a dependency's shape: what encloses it decides what it may be.
struct DependencyPosition: Sendable {
    /// The name or tag an enclosing `Tagged` set, if any.
    var qualifier: Qualifier?
    /// Whether a wrapper encloses it (an `Argument` must be a parameter itself).
    var isNested = false

    /// The position of what a wrapper wraps.
    func inside() -> DependencyPosition { DependencyPosition(qualifier: qualifier, isNested: true) }
}
