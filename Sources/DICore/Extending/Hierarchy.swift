/// The extension point of container hierarchies: the rules a child container runs by, which
/// DIHierarchy supplies.
///
/// DICore asks them only for a container that has a ``Hierarchy``: a root container, which has
/// none, runs no rule of this protocol and pays no branch on a hit (a lookup that hits in the
/// container asked never reaches one). `HierarchyRulesTests` guards what a root does.
package protocol HierarchyRules: SendableMetatype {
    /// Whether a resolve from a child builds `component` as its own container (its `owner`)
    /// sees the graph, else as the child sees it (who builds a kept instance). A root container
    /// builds everything it finds from its own point of view.
    static func buildsAsOwnerSees(_ component: Component) -> Bool
    /// Whether `[T]` asked from a child lists the component `identity` met on its walk up the
    /// chain, in the child itself (`atOrigin`) or above; `seen` is the rule's own record of the walk.
    static func lists(_ identity: ComponentIdentity, atOrigin: Bool, _ seen: inout Set<ComponentIdentity>) -> Bool
    /// What validating a graph whose chain passes through `child` reports of the hierarchy
    /// (a finding given by several containers of the chain is reported once).
    static func validationFindings(of child: DIContainer) -> [DIValidationFinding]
}

/// A child container's place in a hierarchy: the container a lookup that finds nothing fitting
/// in the child continues in (kept alive by the child), and the rules the child runs by.
package typealias Hierarchy = (parent: DIContainer, rules: any HierarchyRules.Type)
