import DICore

extension DIContainer {
    /// Makes a child container: a resolve that finds no fitting registration here continues
    /// in `parent`, and on up its chain of parents.
    ///
    /// ```swift
    /// let app = DIContainer()
    /// app.register(Database.init).lifetime(.perContainer(.strong))
    ///
    /// let screen = DIContainer(parent: app)
    /// screen.register(ScreenModel.init)          // ScreenModel(database: Database)
    /// let model: ScreenModel? = screen.resolve() // the database comes from `app`
    /// ```
    ///
    /// The nearest container with a fitting component answers: a child's registration of a
    /// type hides its parents' registrations of that type (for a name or tag, the nearest
    /// container with a component of that name or tag answers). Asking for `[T]` gathers
    /// the components of every container on the way up, the child's first: a component
    /// (registration site, type, ordinal) that a nearer container also registers is listed
    /// once, as the nearer container's.
    ///
    /// ## Whose point of view builds what
    ///
    /// - A component registered in the child is built as the child sees the graph, and may
    ///   depend on its parents' components.
    /// - A parent's `.prototype` or `.objectGraph` component resolved through the child takes
    ///   its dependencies from the child: a child can override a dependency for what it
    ///   resolves.
    /// - A parent's `.perContainer` component lives in the parent and is shared by every
    ///   child, so it is built as the parent sees the graph, whichever container asked first;
    ///   a child's override does not reach it. The same holds for its property injections.
    /// - `.perRun` and `.single` instances are one per component (registration site, type, ordinal) for the
    ///   whole program, in every container.
    /// - Within one resolve, an `.objectGraph` instance is shared by what is built from the
    ///   same point of view: a parent's cached instance does not share one with the child's
    ///   part of the graph.
    ///
    /// ## Ownership
    ///
    /// The child keeps its parent alive; a parent never keeps its children alive. A child
    /// made for a screen or a request goes away with the last reference to it, and with it
    /// its `.perContainer` instances (unless the application still holds them), and its
    /// `lifetime` ends. An instance the child caches that holds a `Lazy` or `Provider` from
    /// the child holds the child too, and keeps it alive.
    ///
    /// ## Validation
    ///
    /// Graph validation checks a container as it is when validated. It cannot vouch for
    /// containers created while the program runs, so prefer a few containers made at
    /// start-up to many made on the way. Validating a child reports that, once, as a warning.
    ///
    /// - Parameter parent: The container that answers what this one has no registration for.
    public convenience init(parent: DIContainer) { self.init(hierarchy: (parent, ChildRules.self)) }

    /// The container this one continues its lookups in, or `nil` for a root container.
    ///
    /// Set by ``init(parent:)``; the child holds its parent strongly.
    public var parent: DIContainer? { hierarchy?.parent }
}

/// The rules a child container runs by, which DICore asks through its extension point
/// (`HierarchyRules`) for every container made with ``DIContainer/init(parent:)``; a root
/// container never asks them.
///
/// Where a child looks after a miss is its parent (`Hierarchy.parent`, on up the chain). What
/// validation reports of a child, and `DIContainer.validate(childScope:)`, are in
/// `ChildRules+Validation.swift`.
enum ChildRules: HierarchyRules {
    /// Who builds an instance a resolve from a child finds: an instance kept
    /// beyond one resolve (a cache cell, a scope's storage) is built as the registration's own
    /// container sees the graph, so every container that shares it gets the same one, whichever
    /// asked first; any other (`.prototype`, `.objectGraph`, a value under `.weak`) as the
    /// requester sees it, so the child's registrations answer it.
    ///
    /// The build gate, awaited resolves and validation all follow it (`PointOfViewTests`,
    /// `ValidationPointOfViewTests`).
    static func buildsAsOwnerSees(_ component: Component) -> Bool { component.keepsInstance }

    /// The rule of `[T]` across a chain: one component per identity, the nearest container's.
    ///
    /// A component is its identity (site, type, ordinal): an upstream registration of an
    /// identity already met nearer the origin is the same component, overridden, and is left
    /// out; the origin's own components are all listed. The resolve, the awaited resolve's
    /// preparation and validation all ask it (`LookupTests`).
    static func lists(_ identity: ComponentIdentity, atOrigin: Bool, _ seen: inout Set<ComponentIdentity>) -> Bool {
        seen.insert(identity).inserted || atOrigin
    }
}
