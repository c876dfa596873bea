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
        _ = component._owner.dynamicResolutions.object { Protected(Set()) }.withLock { $0.insert(component.identityID) }
    }

    /// Whether a build of `component` was seen resolving from inside its factory.
    static func wereSeen(for component: Component) -> Bool {
        component._owner.dynamicResolutions.existing?.withLock { $0.contains(component.identityID) } ?? false
    }
}
