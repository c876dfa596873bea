/// The mutable side of a container: registrations, and the bindings published from them.
///
/// Guarded by the container's mutex. A committed registration marks the types it answers as
/// dirty. A type already published is published again at once, so a published binding is
/// never stale; a type never looked up waits until a lookup asks for it (a container of
/// hundreds of registrations publishes only what is resolved).
struct Registry {
    var registrations: [Registration] = []
    /// The registrations whose builders are still alive (not committed), oldest first.
    ///
    /// A resolve that misses names them. Usually one: the statement being run.
    var pending: [PendingRegistration] = []
    /// The registrations that answer each type key, as indices in registration order.
    var indicesByKey: [ObjectIdentifier: [Int]] = [:]
    /// How to build the binding of each key ever registered, even once nothing answers it.
    var exposuresByKey: [ObjectIdentifier: Exposure] = [:]
    /// The published binding of each key (the strong reference its slot points at).
    var bindings: [ObjectIdentifier: BindingBase] = [:]
    /// The slot of each published key, which the table points at; kept for the container's life.
    var slots: [ObjectIdentifier: BindingSlot] = [:]
    /// Published components by registration id; removed when the registration changes.
    var components: [Int: Component] = [:]
    /// The candidate of each registration as its own type, by registration index (`nil` until
    /// published), reused by every binding published for the type: the hot path reads a
    /// binding's primary candidate unretained, so the registry, not the binding, keeps it.
    var ownCandidates: [AnyObject?] = []
    /// The candidates of registrations as the other types they are exposed as, likewise.
    var exposedCandidates: [CandidateKey: AnyObject] = [:]
    /// Keys whose bindings must be published (again).
    var dirtyKeys: Set<ObjectIdentifier> = []
    /// The dirty keys that have a published binding: stale until published again.
    private var staleKeys: [ObjectIdentifier] = []
    /// The table readers use.
    var table = BindingTable(capacity: 16)
    /// Replaced components and candidates, and outgrown tables: the resolver's hot path may
    /// still hold them unretained, so they are kept for the container's life.
    var retired: [AnyObject] = []
    /// Replaced bindings: freed as soon as no reader can still be retaining one (see
    /// ``DIContainer/binding(in:)``).
    var retiredBindings: [BindingBase] = []
    /// State other modules attach to the container.
    var extensions: [ObjectIdentifier: AnyObject] = [:]
    /// Hooks that settle an ambiguity (frameworks' imports).
    var ambiguityResolvers: [any AmbiguityResolver] = []
    /// Whether any registration needs the main actor or an await (awaited resolves then plan).
    var hasIsolatedComponents = false
    /// Problems found while registering, reported by validation.
    var notes: [DIValidationFinding] = []

    /// A registration whose builder is still alive.
    struct PendingRegistration {
        let id: Int
        let type: Any.Type
        let site: DIRegistrationSite
    }

    /// The identity of the next registration of `type` from `site`, recorded as pending until
    /// its builder commits it.
    ///
    /// Its ordinal counts the registrations of `type` from `site` made before in this
    /// container, committed or pending: usually none, so the count costs one lookup.
    mutating func begin(registrationID: Int, site: DIRegistrationSite, type: Any.Type) -> ComponentIdentity {
        var ordinal = 0
        if let indices = indicesByKey[ObjectIdentifier(type)] {
            for index in indices where registrations[index].type == type && registrations[index].site == site {
                ordinal += 1
            }
        }
        for other in pending where other.type == type && other.site == site { ordinal += 1 }
        pending.append(PendingRegistration(id: registrationID, type: type, site: site))
        return ComponentIdentity.intern(site: site, type: type, ordinal: ordinal)
    }

    /// Adds a registration: every `register` call adds a component, none replaces another.
    mutating func add(_ registration: consuming Registration) {
        if pending.last?.id == registration.id {
            pending.removeLast()
        } else if let index = pending.firstIndex(where: { $0.id == registration.id }) {
            pending.remove(at: index)
        }
        let index = registrations.count
        record(registration.ownExposure, at: index)
        for exposure in registration.exposedTypes {
            record(exposure, at: index)
        }
        registrations.append(registration)
        ownCandidates.append(nil)
    }

    /// Records that the registration at `index` answers `exposure`'s type, and marks it dirty.
    private mutating func record(_ exposure: Exposure, at index: Int) {
        let key = exposure.key
        if exposuresByKey[key] == nil { exposuresByKey[key] = exposure }
        indicesByKey[key, default: []].append(index)
        markDirty(key)
    }

    private mutating func markDirty(_ key: ObjectIdentifier) {
        if dirtyKeys.insert(key).inserted && bindings[key] != nil { staleKeys.append(key) }
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
        let candidates = indices.map { index in candidate(at: index, as: key, owner: owner) }
        let binding = exposure.makeBinding(candidates)
        if let old = bindings.updateValue(binding, forKey: key) {
            slots[key]!.publish(binding)
            retiredBindings.append(old)
            reclaimBindings(readers: owner.bindingReaders)
        } else {
            let slot = BindingSlot(binding)
            slots[key] = slot
            if !table.hasRoom { grow() }
            table.store(key, slot)
        }
    }

    /// Frees the replaced bindings if no reader is between loading and retaining one.
    ///
    /// A reader that counts itself after this check loads a binding published before it,
    /// never a replaced one (both sides are sequentially consistent).
    private mutating func reclaimBindings(readers: ReaderCount) {
        if readers.isZero {
            retiredBindings.removeAll(keepingCapacity: true)
        }
    }

    /// The candidate of the registration at `index` as the type `key`, made if needed.
    private mutating func candidate(at index: Int, as key: ObjectIdentifier, owner: DIContainer) -> AnyObject {
        let registration = registrations[index]
        if registration.ownExposure.key == key {
            if let candidate = ownCandidates[index] { return candidate }
            let candidate = registration.ownExposure.makeCandidate(component(at: index, owner: owner))
            ownCandidates[index] = candidate
            return candidate
        }
        let candidateKey = CandidateKey(registrationID: registration.id, key: key)
        if let candidate = exposedCandidates[candidateKey] { return candidate }
        let candidate = registration.exposure(for: key)!.makeCandidate(component(at: index, owner: owner))
        exposedCandidates[candidateKey] = candidate
        return candidate
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
        for (key, slot) in slots { larger.store(key, slot) }
        retired.append(table)
        table = larger
    }
}

/// A registration as one type it answers: the key of its reusable candidate.
struct CandidateKey: Hashable {
    let registrationID: Int
    let key: ObjectIdentifier
}

extension Registration {
    func exposure(for key: ObjectIdentifier) -> Exposure? {
        if ownExposure.key == key { return ownExposure }
        return exposedTypes.first { $0.key == key }
    }
}
