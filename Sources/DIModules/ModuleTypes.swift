import DICore

/// What appends learn once per part or framework type in the process: whether it is a
/// framework, and the registration attributes of each origin its loads have had.
///
/// Both depend on the types alone, so every container shares them: an append looks them up
/// under one lock, where it would check the type's conformance to ``DIFramework`` and build
/// the attributes (and the details their registrations share) for each load. Entries are never
/// removed (one per part or framework type the program appends, and per framework it is
/// appended in). `AppendTests` and `OriginTests` guard what an append records through it.
final class ModuleTypes: Sendable {
    /// The table every container shares.
    static let shared = ModuleTypes()

    /// What a type given to `append(part:)` is.
    private enum Kind {
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

        func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope? {
            scopes.first { $0.framework == origin.framework }?.scope
        }
    }

    /// Each type appended, with what its appends learned: one look-up per append.
    private let state = Protected([TypeKey: Entry]())

    /// What `append(part:)` does with `part`: append a framework, or load a part of `origin`
    /// with the attributes of `scope`.
    enum Append {
        case framework(any DIFramework.Type)
        case part(scope: RegistrationAttributes.Scope)
    }

    /// Whether `part` is a framework, and if not, the attributes of its load as `origin`.
    func append(of part: any DIPart.Type, as origin: ComponentOrigin) -> Append {
        let key = TypeKey(ObjectIdentifier(part))
        let (kind, known) = state.withLock { entries in
            entries[key].map { ($0.kind, $0.scope(of: origin)) } ?? (nil, nil)
        }
        switch kind {
        case .framework(let framework)?:
            return .framework(framework)
        case .part?:
            return .part(scope: known ?? scope(of: origin))
        case nil:
            let framework = part as? any DIFramework.Type
            state.withLock { $0[key, default: Entry()].kind = framework.map { .framework($0) } ?? .part }
            return framework.map { .framework($0) } ?? .part(scope: known ?? scope(of: origin))
        }
    }

    /// The attributes of registrations made by a load of `origin`: the origin, under its type.
    func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope {
        let key = TypeKey(origin)
        if let scope = state.withLock({ $0[key]?.scope(of: origin) }) { return scope }
        let made = RegistrationAttributes.Scope([ObjectIdentifier(ComponentOrigin.self): origin])
        return state.withLock { entries in
            if let scope = entries[key]?.scope(of: origin) { return scope }
            entries[key, default: Entry()].scopes.append((origin.framework, made))
            return made
        }
    }
}

/// A type's identity as a key hashed with one multiplication: a type's address is already
/// spread, and a `Hasher` would run a seeded SipHash on each append's look-ups.
private struct TypeKey: Hashable {
    let id: ObjectIdentifier

    init(_ id: ObjectIdentifier) { self.id = id }

    /// The key of `origin`'s loads: its part's, or its framework's for a framework's own.
    init(_ origin: ComponentOrigin) {
        // NB: every origin names a part or a framework.
        self.id = origin.part ?? origin.framework!
    }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // NB: `_rawHashValue(seed:)` is the standard library's customization point for the hash
    // `Dictionary` uses; equal keys give equal words, so equal hashes for a seed (as `BuildKey`).
    func _rawHashValue(seed: Int) -> Int {
        let product = (UInt(bitPattern: id) ^ UInt(bitPattern: seed)).multipliedFullWidth(by: FibonacciHash.multiplier)
        return Int(bitPattern: product.high ^ product.low)
    }
}
