import DICore

/// Settles an ambiguity by frameworks: prefer the requester's own framework's candidates,
/// then those of the frameworks it imports directly.
struct FrameworkPreference: AmbiguityResolver {
    func preferred(among candidates: [Component], requester: Component?) -> [Component] {
        guard let requester, let framework = requester.attribute(ComponentOrigin.self)?.framework else { return candidates }
        // The importer's imports were recorded where its load ran: in the requester's container.
        let imports = requester.owner.moduleState.imports(of: framework)
        return preferred(among: candidates, viewpoint: FrameworkViewpoint(framework: framework, imports: imports))
    }

    /// The candidates of the viewpoint's framework, else those of the frameworks it imports,
    /// else all; for `resolve(_:from:)` and for a request of a framework's component.
    func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component] {
        guard let viewpoint = viewpoint as? FrameworkViewpoint else { return candidates }
        let own = candidates.filter { $0.attribute(ComponentOrigin.self)?.framework == viewpoint.framework }
        if !own.isEmpty { return own }
        let imported = candidates.filter { candidate in
            candidate.attribute(ComponentOrigin.self)?.framework.map(viewpoint.imports.contains) ?? false
        }
        return imported.isEmpty ? candidates : imported
    }
}

/// A top-level resolve made as if from inside a framework.
struct FrameworkViewpoint: Sendable {
    let framework: ObjectIdentifier
    let imports: Set<ObjectIdentifier>
}
