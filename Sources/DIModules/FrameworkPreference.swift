import DICore

/// Settles an ambiguity by frameworks: prefer the requester's own framework's candidates,
/// then those of the frameworks it imports directly.
struct FrameworkPreference: AmbiguityResolver {
    func preferred(among candidates: [Component], requester: Component?) -> [Component] {
        guard let requester, let framework = requester.attribute(ComponentOrigin.self)?.framework else { return candidates }
        // The importer's imports were recorded where its load ran: in the requester's container.
        return Self.preferred(among: candidates, framework: framework, imports: requester.owner.moduleState.imports(of: framework))
    }

    /// For `resolve(_:from:)`: the framework's own candidates, then those of the frameworks
    /// it imports.
    func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component] {
        guard let viewpoint = viewpoint as? FrameworkViewpoint else { return candidates }
        return Self.preferred(among: candidates, framework: viewpoint.framework, imports: viewpoint.imports)
    }

    /// The candidates of `framework`, else those of the frameworks in `imports`, else all.
    private static func preferred(among candidates: [Component], framework: ObjectIdentifier, imports: Set<ObjectIdentifier>)
        -> [Component]
    {
        let own = candidates.filter { $0.attribute(ComponentOrigin.self)?.framework == framework }
        if !own.isEmpty { return own }
        let imported = candidates.filter { candidate in
            candidate.attribute(ComponentOrigin.self)?.framework.map(imports.contains) ?? false
        }
        return imported.isEmpty ? candidates : imported
    }
}

/// A top-level resolve made as if from inside a framework.
struct FrameworkViewpoint: Sendable {
    let framework: ObjectIdentifier
    let imports: Set<ObjectIdentifier>
}
