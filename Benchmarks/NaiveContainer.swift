import Synchronization

/// The reference container: what one writes in an afternoon, to compare the library against.
///
/// A dictionary from type to closure behind one mutex, a second dictionary for cached
/// instances under the same mutex, and a per-resolve dictionary for graph-scoped ones. Every
/// lookup takes the lock and hashes the type; the lock is never held while a factory runs.
final class NaiveContainer: Sendable {
    /// How long an instance lives.
    enum Lifetime: Sendable {
        /// A new instance per request.
        case transient
        /// One instance, kept strongly.
        case cached
        /// One instance while someone else holds it.
        case weakCached
        /// One instance per top-level resolve.
        case graph
    }

    typealias Factory = @Sendable (inout NaiveResolution) -> AnyObject

    private struct Entry: Sendable {
        let lifetime: Lifetime
        let factory: Factory
    }

    /// A cached instance, strong or weak.
    // NB: @unchecked: a cached instance is handed to every thread that asks, as any container's is.
    private struct Cached: @unchecked Sendable {
        let strong: AnyObject?
        weak var weak: AnyObject?

        var object: AnyObject? { strong ?? weak }
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var instances: [ObjectIdentifier: Cached] = [:]
    }

    private let state = Mutex(State())
    /// Where a lookup continues when this container has no entry for a type.
    private let parent: NaiveContainer?

    /// A container; with a parent, a type it does not register is looked up there.
    init(parent: NaiveContainer? = nil) { self.parent = parent }

    /// Registers `factory` for `T`, replacing an earlier registration of `T`.
    func register<T: AnyObject>(
        _ lifetime: Lifetime = .transient,
        _ factory: @escaping @Sendable (inout NaiveResolution) -> T
    ) {
        let entry = Entry(lifetime: lifetime) { factory(&$0) }
        state.withLock { $0.entries[ObjectIdentifier(T.self)] = entry }
    }

    /// Registers `factory` for `T`, a protocol its instances conform to: a resolve of `T` casts
    /// the instance to it, as a container that stores its instances erased does.
    func register<T>(
        _ type: T.Type,
        _ lifetime: Lifetime = .transient,
        _ factory: @escaping @Sendable (inout NaiveResolution) -> AnyObject
    ) {
        let entry = Entry(lifetime: lifetime, factory: factory)
        state.withLock { $0.entries[ObjectIdentifier(T.self)] = entry }
    }

    /// Resolves a `T`, trapping if it is not registered.
    func resolve<T>(_ type: T.Type = T.self) -> T {
        var resolution = NaiveResolution(container: self)
        return resolution.resolve()
    }

    /// The instance for `key` within `resolution`: from the nearest container of the chain
    /// that registers it, whose cache keeps what it makes.
    fileprivate func instance(_ key: ObjectIdentifier, in resolution: inout NaiveResolution)
        -> AnyObject
    {
        var owner = self
        while true {
            let (entry, cached) = owner.state.withLock { state -> (Entry?, Cached?) in
                let entry = state.entries[key]
                let isCached = entry?.lifetime == .cached || entry?.lifetime == .weakCached
                return (entry, isCached ? state.instances[key] : nil)
            }
            if let entry { return owner.instance(key, entry: entry, cached: cached, in: &resolution) }
            guard let next = owner.parent else { fatalError("NaiveContainer: nothing registered for \(key)") }
            owner = next
        }
    }

    private func instance(
        _ key: ObjectIdentifier, entry: Entry, cached: Cached?, in resolution: inout NaiveResolution
    ) -> AnyObject {
        switch entry.lifetime {
        case .transient:
            return entry.factory(&resolution)
        case .graph:
            if let shared = resolution.shared[key] { return shared }
            let made = entry.factory(&resolution)
            resolution.shared[key] = made
            return made
        case .cached, .weakCached:
            if let object = cached?.object { return object }
            let made = entry.factory(&resolution)
            let new = entry.lifetime == .cached ? Cached(strong: made) : Cached(strong: nil, weak: made)
            let kept = state.withLock { state -> Cached in
                if let existing = state.instances[key], existing.object != nil { return existing }
                state.instances[key] = new
                return new
            }
            return kept.object ?? made
        }
    }
}

/// One top-level resolve of the naive container, passed to factories for their dependencies.
struct NaiveResolution {
    let container: NaiveContainer
    /// The graph-scoped instances of this resolve.
    var shared: [ObjectIdentifier: AnyObject] = [:]

    /// Resolves a dependency `T`.
    mutating func resolve<T>(_ type: T.Type = T.self) -> T {
        container.instance(ObjectIdentifier(T.self), in: &self) as! T
    }
}
