/// The components whose builds were seen resolving from inside their factory, through a
/// container the factory captured or its resolver parameter: what they resolve that way no
/// record says, and validation and the DOT export say so (`DynamicResolutionTests`).
///
/// Seen, not known: a factory that captures a container shows it only once it has been built.
/// Kept by the container holding the registration (``DIContainer/dynamicResolutions``), keyed
/// by the component's identity: what one container's builds showed is never reported of
/// another container's registration from the same line, and is freed with its container
/// (`DynamicResolutionTests.aContainersFindingsIgnoreWhatAnotherContainerResolved`).
enum DynamicResolutions {
    /// Records that a build of `component` resolved from inside its factory.
    static func record(_ component: Component) {
        let key = UInt(bitPattern: component.identityID) &+ 1
        let seen = component._owner.dynamicResolutions.object { WordTable(capacity: 16) }
        if seen.word(for: key) == 0 { seen.store(key, 1) }
    }

    /// Whether a build of `component` was seen resolving from inside its factory.
    static func wereSeen(for component: Component) -> Bool {
        guard let seen = component._owner.dynamicResolutions.existing else { return false }
        return seen.word(for: UInt(bitPattern: component.identityID) &+ 1) != 0
    }
}
