/// The extension point of container hierarchies: the rules a child container runs by, which
/// DIHierarchy supplies.
///
/// DICore asks them only for a container that has a ``Hierarchy``: a root container, which has
/// none, runs no rule of this protocol and pays no branch on a hit (a lookup that hits in the
/// container asked never reaches one). `HierarchyRulesTests` guards what a root does.
package protocol HierarchyRules: SendableMetatype {
    /// The container whose registrations answer the dependencies of `component` when a resolve
    /// from `requester`, a child, builds it (who builds a kept instance). A root container
    /// builds everything it finds from its own point of view.
    static func buildOrigin(of component: Component, requestedFrom requester: DIContainer) -> DIContainer

    /// Whether `[T]` asked from `origin`, a child, lists the component `identity` met in
    /// `container` of its walk up the chain; `listed` keeps what the walk listed so far, for
    /// the rule's own use.
    static func lists(
        _ identity: ComponentIdentity, in container: DIContainer, from origin: DIContainer,
        listed: inout Set<ComponentIdentity>
    ) -> Bool

    /// What validating a graph whose chain passes through `child` reports of the hierarchy
    /// (a finding given by several containers of the chain is reported once).
    static func validationFindings(of child: DIContainer) -> [DIValidationFinding]
}

/// A child container's place in a hierarchy: where a lookup that finds nothing fitting in it
/// continues, and the rules it runs by.
package struct Hierarchy: Sendable {
    /// The container a lookup continues in after a miss here (kept alive by the child).
    package let parent: DIContainer
    /// The rules the child runs by.
    package let rules: any HierarchyRules.Type

    package init(parent: DIContainer, rules: any HierarchyRules.Type) {
        self.parent = parent
        self.rules = rules
    }
}
