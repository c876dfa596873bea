/// The mutable side of a container: registrations, and the bindings published from them.
///
/// Guarded by the container's mutex. A committed registration marks the types it answers as
/// dirty. A type already published is published again at once, so a published binding is
/// never stale; a type never looked up waits until a lookup asks for it (a container of
/// hundreds of registrations publishes only what is resolved).
struct Registry {
    var registrations: [Registration] = []
    /// Index into `registrations` by site: registering the same site again replaces it.
    var indexBySite: [DIRegistrationSite: Int] = [:]
    /// The registrations that answer each type key, as indices in registration order.
    var indicesByKey: [ObjectIdentifier: [Int]] = [:]
    /// How to build the binding of each key ever registered, even once nothing answers it.
    var exposuresByKey: [ObjectIdentifier: Exposure] = [:]
    /// The published binding of each key.
    var bindings: [ObjectIdentifier: BindingBase] = [:]
    /// Published components by registration id; removed when the registration changes.
    var components: [Int: Component] = [:]
    /// Keys whose bindings must be published (again).
    var dirtyKeys: Set<ObjectIdentifier> = []
    /// The dirty keys that have a published binding: stale until published again.
    private var staleKeys: [ObjectIdentifier] = []
    /// The table readers use.
    var table = BindingTable(capacity: 16)
    /// Replaced bindings, components and tables: readers may still hold them unretained.
    var retired: [AnyObject] = []
    /// State other modules attach to the container.
    var extensions: [ObjectIdentifier: AnyObject] = [:]
    /// Hooks that settle an ambiguity (frameworks' imports).
    var ambiguityResolvers: [any AmbiguityResolver] = []
    /// Whether any registration needs the main actor or an await (awaited resolves then plan).
    var hasIsolatedComponents = false
    /// Problems found while registering, reported by validation.
    var notes: [DIValidationFinding] = []

    /// Adds a registration, replacing one from the same site.
    mutating func add(_ registration: consuming Registration) {
        if let index = indexBySite[registration.site] {
            unindex(registrations[index], at: index)
            record(registration, at: index, isNew: false)
            registrations[index] = registration
        } else {
            let index = registrations.count
            indexBySite[registration.site] = index
            record(registration, at: index, isNew: true)
            registrations.append(registration)
        }
    }

    /// Records that the registration at `index` answers its types, and marks them dirty.
    private mutating func record(_ registration: borrowing Registration, at index: Int, isNew: Bool) {
        record(registration.ownExposure, at: index, isNew: isNew)
        for exposure in registration.exposedTypes {
            record(exposure, at: index, isNew: isNew)
        }
    }

    private mutating func record(_ exposure: Exposure, at index: Int, isNew: Bool) {
        let key = exposure.key
        if exposuresByKey[key] == nil { exposuresByKey[key] = exposure }
        // A new registration comes last; a replacement keeps its place among the others.
        if isNew {
            indicesByKey[key, default: []].append(index)
        } else {
            indicesByKey[key, default: []].insertSorted(index)
        }
        markDirty(key)
    }

    private mutating func markDirty(_ key: ObjectIdentifier) {
        if dirtyKeys.insert(key).inserted && bindings[key] != nil { staleKeys.append(key) }
    }

    private mutating func unindex(_ registration: Registration, at index: Int) {
        for key in registration.keys {
            indicesByKey[key]?.removeAll { $0 == index }
            markDirty(key)
        }
        if let component = components.removeValue(forKey: registration.id) {
            retired.append(component)
        }
    }

    /// Publishes bindings for every dirty key.
    mutating func publish(owner: DIContainer) {
        for key in dirtyKeys { publish(key, owner: owner) }
        dirtyKeys.removeAll(keepingCapacity: true)
    }

    /// Publishes again the dirty keys that have a published binding, so none is stale.
    mutating func republishStale(owner: DIContainer) {
        for key in staleKeys where dirtyKeys.remove(key) != nil {
            publish(key, owner: owner)
        }
        staleKeys.removeAll(keepingCapacity: true)
    }

    /// Publishes `key` if it is dirty; returns whether it was.
    mutating func publishIfDirty(_ key: ObjectIdentifier, owner: DIContainer) -> Bool {
        guard dirtyKeys.remove(key) != nil else { return false }
        publish(key, owner: owner)
        return true
    }

    /// Builds and stores the binding of `key` from the registrations that answer it.
    private mutating func publish(_ key: ObjectIdentifier, owner: DIContainer) {
        let indices = indicesByKey[key] ?? []
        guard let exposure = exposuresByKey[key] else { return }
        let candidates = indices.map { index -> AnyObject in
            let component = self.component(at: index, owner: owner)
            return registrations[index].exposure(for: key)!.makeCandidate(component)
        }
        let binding = exposure.makeBinding(candidates)
        if let old = bindings.updateValue(binding, forKey: key) { retired.append(old) }
        if table.lookup(key) == nil && !table.hasRoom { grow() }
        table.store(key, binding)
    }

    /// The published component of the registration at `index`, made if needed.
    mutating func component(at index: Int, owner: DIContainer) -> Component {
        let registration = registrations[index]
        if let component = components[registration.id] { return component }
        let component = registration.instantiate(registration, owner)
        components[registration.id] = component
        return component
    }

    private mutating func grow() {
        let larger = BindingTable(capacity: table.capacity * 2)
        for (key, binding) in bindings { larger.store(key, binding) }
        retired.append(table)
        table = larger
    }
}

extension Array where Element == Int {
    /// Inserts `value` in this ascending array unless it is there.
    fileprivate mutating func insertSorted(_ value: Int) {
        let position = firstIndex { $0 >= value } ?? endIndex
        if position == endIndex || self[position] != value { insert(value, at: position) }
    }
}

extension Registration {
    func exposure(for key: ObjectIdentifier) -> Exposure? {
        if ownExposure.key == key { return ownExposure }
        return exposedTypes.first { $0.key == key }
    }
}

/// Settles an ambiguity the container cannot: the extension point of frameworks' imports.
package protocol AmbiguityResolver: Sendable {
    /// The candidates to prefer when `requester` asks for a type several components fit;
    /// return them all to express no preference.
    func preferred(among candidates: [Component], requester: Component?) -> [Component]

    /// The candidates to prefer for a top-level request made from `viewpoint` (what
    /// ``DIContainer/resolve(_:viewpoint:)`` was given); no preference by default.
    func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component]
}

extension AmbiguityResolver {
    package func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component] {
        candidates
    }
}
