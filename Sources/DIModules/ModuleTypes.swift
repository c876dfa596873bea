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

    private struct State {
        /// Each type appended with `append(part:)`: as a framework, or `nil` for a part.
        var frameworks: [TypeKey: (any DIFramework.Type)?] = [:]
        /// The attributes a load of each part or framework gives its registrations, by the
        /// framework of its origin (`nil`: none); usually one.
        var scopes: [TypeKey: [(framework: ObjectIdentifier?, scope: RegistrationAttributes.Scope)]] = [:]

        func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope? {
            scopes[TypeKey(origin)]?.first { $0.framework == origin.framework }?.scope
        }
    }

    private let state = Protected(State())

    /// What `append(part:)` does with `part`: append a framework, or load a part of `origin`
    /// with the attributes of `scope` (`nil` when this origin was never loaded: see
    /// ``scope(of:)``).
    enum Append {
        case framework(any DIFramework.Type)
        case part(scope: RegistrationAttributes.Scope?)
    }

    /// Whether `part` is a framework, and if not, the attributes of its load as `origin`.
    func append(of part: any DIPart.Type, as origin: ComponentOrigin) -> Append {
        let key = TypeKey(ObjectIdentifier(part))
        let known = state.withLock { state -> Append? in
            guard let framework = state.frameworks[key] else { return nil }
            return framework.map(Append.framework) ?? .part(scope: state.scope(of: origin))
        }
        if let known { return known }
        let framework = part as? any DIFramework.Type
        state.withLock { $0.frameworks[key] = .some(framework) }
        return framework.map(Append.framework) ?? .part(scope: nil)
    }

    /// The attributes of registrations made by a load of `origin`: the origin, under its type.
    func scope(of origin: ComponentOrigin) -> RegistrationAttributes.Scope {
        if let scope = state.withLock({ $0.scope(of: origin) }) { return scope }
        let made = RegistrationAttributes.Scope([ObjectIdentifier(ComponentOrigin.self): origin])
        return state.withLock { state in
            if let scope = state.scope(of: origin) { return scope }
            state.scopes[TypeKey(origin), default: []].append((origin.framework, made))
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
