/// The container as the feature modules extend it: its place in a hierarchy, per-container
/// state, ambiguity hooks, validation notes, and the components and instances `clean()` and
/// `initializeSingletonObjects()` walk.
extension DIContainer {
    /// Makes a child container in `hierarchy`: the extension point of container hierarchies
    /// (see ``HierarchyRules``).
    package convenience init(hierarchy: Hierarchy) {
        self.init(linkedTo: hierarchy)
    }

    /// The child's parent and rules; `nil` for a root container.
    package var hierarchy: Hierarchy? { hierarchyLink }

    /// The container's number, unique in the process for its whole run.
    ///
    /// Key by it, never by `ObjectIdentifier(container)`, anything that may outlive the
    /// container (a resolve's tables of points of view, a `Lazy`'s graph, a task-local frame):
    /// a container made after this one has gone may reuse its address.
    /// `TemporaryContainerIdentityTests` guards it.
    package var serial: Int { serialNumber }

    /// Every published component of this container (not of its upstream), in registration order.
    package func allComponents() -> [Component] {
        withRegistry { registry in
            registry.publish(owner: self)
            publishTable(of: &registry)
            return registry.registrations.indices.map { registry.component(at: $0, owner: self) }
        }
    }

    /// The state of type `State` another module attached to this container, made by `make`
    /// the first time (for example loaded parts or a per-container cache).
    // NB: @inlinable over a non-generic look-up: called from another module, a generic body
    // would run unspecialized, looking up the lock's generic metadata on every call.
    @inlinable package func extensionState<State: AnyObject & Sendable>(
        _ type: State.Type,
        make: () -> State
    ) -> State {
        // NB: unchecked: the entry under `State`'s identity is only ever set to a `State`.
        unsafe UnsafeCast.downcast(extensionObject(ObjectIdentifier(type), make: make), to: State.self)
    }

    /// The object attached under `key`, made by `make` the first time.
    @usableFromInline
    package func extensionObject(_ key: ObjectIdentifier, make: () -> any AnyObject & Sendable) -> any AnyObject & Sendable {
        withRegistry { registry in
            if let state = registry.extensions[key] { return state }
            let state = make()
            registry.extensions.set(key, state)
            return state
        }
    }

    /// Adds a hook consulted when several components fit a request and none is the default.
    package func addAmbiguityResolver(_ resolver: any AmbiguityResolver) {
        withRegistry { $0.ambiguityResolvers.append(resolver) }
    }

    /// Adds a check that validation runs on this container each time: for a problem that only
    /// the container's state when it is validated shows (such as a framework imported but
    /// never appended, which may be appended after the import), or one found while registering
    /// (such as an `import` outside a framework: a check that always finds it).
    package func addValidationCheck(_ check: @escaping @Sendable (DIContainer) -> [DIValidationFinding]) {
        withRegistry { $0.validationChecks.append(check) }
    }

    /// Builds or fetches the instance of a given component, as a top-level resolve.
    package func instance(of component: Component) throws(DIError) -> AnyObject {
        try withContext { (context) throws(DIError) -> AnyObject in
            if let strategy = component.lifetime.strategy { return try strategy.instance(of: component, in: &context) }
            return try component.makeInstance(in: &context)
        }
    }

    /// Resolves a `T` as if a component standing at `viewpoint` asked for it: when several
    /// components fit and none is the default, the ambiguity resolvers settle it for that
    /// viewpoint (the extension point of `resolve(_:from:)` in DIModules).
    package func resolve<T>(_ type: T.Type, viewpoint: any Sendable) throws(DIError) -> T {
        let session = ResolutionSession()
        unsafe session.viewpoint = viewpoint
        return try withContext(session: session) { (context) throws(DIError) -> T in try context.resolve(T.self) }
    }
}
