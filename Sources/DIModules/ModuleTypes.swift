import DICore

/// What appends learn once per part or framework type in the process: whether it is a
/// framework, and the registration attributes of each origin its loads have had.
///
/// Both depend on the types alone, so every container shares them: an append looks them up,
/// where it would check the type's conformance to ``DIFramework`` and build the attributes (and
/// the details their registrations share) for each load. Entries are never
/// removed (one per part or framework type the program appends, and per framework it is
/// appended in). `AppendTests` and `OriginTests` guard what an append records through it.
final class ModuleTypes: Sendable {
    /// The table every container shares.
    static let shared = ModuleTypes()

    /// What a type given to `append(part:)` is.
    enum Kind {
        case part
        case framework(any DIFramework.Type)
    }

    /// What appends learned of one part or framework type.
    private struct Entry {
        /// What `append(part:)` found the type to be; `nil` until it was given the type.
        var kind: Kind?
        /// The attributes a load of the type gives its registrations, by the framework of its
        /// origin (`nil`: none); usually one.
        var scopes: [(framework: ObjectIdentifier?, scope: RegistrationAttributes.Scope)] = []

        func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope? { scopes.first { $0.framework == origin.framework }?.scope }
    }

    /// Each type appended, with what its appends learned, keyed by the type's identity as a
    /// `BuildKey`, which a `Dictionary` hashes with one multiplication (a `Hasher` would run a
    /// seeded SipHash on each append's look-ups).
    private let state = Protected([BuildKey: Entry]())

    /// Whether `part` is a framework: its conformance is checked once per type.
    func kind(of part: any DIPart.Type) -> Kind {
        let key = BuildKey(ObjectIdentifier(part))
        if let kind = state.withLock({ $0[key]?.kind }) { return kind }
        let kind = (part as? any DIFramework.Type).map { Kind.framework($0) } ?? .part
        state.withLock { $0[key, default: Entry()].kind = kind }
        return kind
    }

    /// The attributes of registrations made by a load of `origin`: the origin, under its type.
    func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope {
        // NB: every origin names a part or a framework; a framework's own loads are keyed by it.
        let key = BuildKey(origin.part ?? origin.framework!)
        return state.withLock { entries in
            if let scope = entries[key]?.scope(of: origin) { return scope }
            let made = RegistrationAttributes.Scope([ObjectIdentifier(ComponentOrigin.self): origin])
            entries[key, default: Entry()].scopes.append((origin.framework, made))
            return made
        }
    }
}
