/// The mutable side of a container: registrations, and the bindings published from them.
///
/// Guarded by the container's mutex. A committed registration marks the types it answers as
/// dirty. A type already published is published again at once, so a published binding is
/// never stale; a type never looked up waits until a lookup asks for it (a container of
/// hundreds of registrations publishes only what is resolved), unless the container has so few
/// types that they fit its first table (``fitsFirstTable``): its first miss publishes them all.
struct Registry {
    var registrations: [Registration] = []
    /// The registrations whose builders are still alive (not committed), oldest first.
    ///
    /// A resolve that misses names them. Usually one: the statement being run.
    var pending = PendingRegistrations()
    /// What the registry knows of each type key ever registered: the registrations that answer
    /// it, whether it waits to be published, and whether it has an entry (in ``table``).
    ///
    /// One table for all of it, so a registration costs one hash of its type and holds one
    /// entry (not one in each of five collections).
    var keys = QuickTable<ObjectIdentifier, KeyState>()
    /// The current binding of each key whose first binding (its slot, which ``table`` keeps)
    /// was replaced; empty for a container whose types were never registered again after
    /// being published.
    var replacements: [ObjectIdentifier: Binding] = [:]
    /// The later registrations of keys answered by several, at their state's ``KeyState/later``.
    var laterIndices: [[Int]] = []
    /// The candidates of registrations as the other types they are exposed as, likewise.
    var exposedCandidates: [CandidateKey: AnyCandidate] = [:]
    /// Where a publication of every dirty key starts in ``keys`` (in the order keys were added).
    ///
    /// No key before it is dirty. A new key is added after it; a key made dirty again moves
    /// it back (rare: a type registered again after being published). Cheaper than a list of
    /// dirty keys, which cost an append per registration.
    private var dirtyFrom = 0
    /// How many keys are dirty.
    private(set) var dirtyCount = 0
    /// The dirty keys whose slot is marked stale (``BindingSlot/markStale()``): published again
    /// when their binding is next read, or with every dirty key.
    private var markedKeys: [ObjectIdentifier] = []
    /// The table readers use: each published type's ``TypeEntry``; it keeps each type's slot,
    /// which is the type's first binding, under the type's slot key.
    var table: BindingTable
    /// Outgrown tables: the resolver's hot path may still hold one unretained, so they are
    /// kept for the container's life.
    var retiredTables: [BindingTable] = []
    /// How many registrations of a type each site has committed, for the (site, type) pairs a
    /// later registration has asked about: counted once, then kept up to date, so the ordinal
    /// of each of many registrations of one type from one site costs no walk of the others.
    var siteCounts: [SiteTypeKey: Int] = [:]
    /// State other modules attach to the container: a few entries, never removed, compared in
    /// turn without hashing.
    var extensions = QuickTable<ObjectIdentifier, any AnyObject & Sendable>()
    /// Hooks that settle an ambiguity (frameworks' imports).
    var ambiguityResolvers: [any AmbiguityResolver] = []
    /// Whether any registration needs the main actor or an await (awaited resolves then plan).
    var hasIsolatedComponents = false
    /// Problems found while registering, reported by validation.
    var notes: [DIValidationFinding] = []
    /// Checks other modules run when the container is validated (see
    /// ``DIContainer/addValidationCheck(_:)``).
    var validationChecks: [@Sendable (DIContainer) -> [DIValidationFinding]] = []

    /// An empty registry whose readers use `table`.
    init(table: BindingTable) {
        self.table = table
    }

    /// A registration whose builder is still alive.
    struct PendingRegistration {
        let id: Int
        let type: Any.Type
        let site: DIRegistrationSite
    }

    /// The registrations whose builders are still alive, oldest first.
    ///
    /// Usually one (the statement being run), kept inline: a container makes no array for it
    /// unless a builder is held while another registration is made.
    struct PendingRegistrations {
        /// The oldest one; `nil` when there is none.
        private var first: PendingRegistration?
        /// The others, oldest first.
        private var rest: [PendingRegistration] = []

        mutating func append(_ registration: PendingRegistration) {
            if first == nil { first = registration } else { rest.append(registration) }
        }

        mutating func remove(id: Int) {
            // Usually the only one: the statement being run.
            if first?.id == id {
                first = rest.isEmpty ? nil : rest.removeFirst()
            } else if let index = rest.lastIndex(where: { $0.id == id }) {
                rest.remove(at: index)
            }
        }

        /// Whether a builder of `type` is alive.
        ///
        /// The inline one first, the array only if it has any: this runs on every
        /// registration.
        func contains(type: Any.Type) -> Bool {
            guard let first else { return false }
            return first.type == type || (!rest.isEmpty && rest.contains { $0.type == type })
        }

        /// Every one of them, oldest first.
        var all: [PendingRegistration] { first.map { [$0] + rest } ?? [] }
    }

    /// Everything about one type key: two 32-bit integers (the flags packed in the first), so
    /// that the table copies it freely and an entry of the table, with its key, is two words.
    struct KeyState {
        /// The first registration's index plus one in the low 30 bits (0 while there is none),
        /// ``isDirty`` in bit 30, ``isPublished`` in bit 31.
        private var bits: UInt32
        /// Where ``Registry/laterIndices`` holds the indices of the later registrations that
        /// answer the key, in registration order; -1 while there are none (the usual case).
        var later: Int32 = -1

        private static let indexMask: UInt32 = (1 << 30) - 1
        private static let dirtyBit: UInt32 = 1 << 30
        private static let publishedBit: UInt32 = 1 << 31

        /// A dirty, unpublished key with no registration yet (``first`` is -1).
        init() { bits = Self.dirtyBit }

        /// The index of the first registration that answers the key, or -1; its exposure of
        /// the key builds the key's binding.
        var first: Int32 {
            get { Int32(bitPattern: bits & Self.indexMask) - 1 }
            set {
                // A billion registrations in one container would need 64 GB for their values.
                precondition(newValue < Int32(Self.indexMask), "more registrations than a container holds")
                bits = bits & ~Self.indexMask | UInt32(bitPattern: newValue + 1)
            }
        }

        /// Whether the binding must be published (again).
        var isDirty: Bool {
            get { bits & Self.dirtyBit != 0 }
            set { bits = newValue ? bits | Self.dirtyBit : bits & ~Self.dirtyBit }
        }

        /// Whether the key has a binding (and ``Registry/table`` its slot).
        var isPublished: Bool {
            get { bits & Self.publishedBit != 0 }
            set { bits = newValue ? bits | Self.publishedBit : bits & ~Self.publishedBit }
        }
    }

    /// Whether some registered key waits to be published.
    var hasDirtyKeys: Bool { dirtyCount > 0 }

    /// Whether every key fits the first table, of 16 buckets (``grow()``): publishing them all
    /// costs no larger table.
    var fitsFirstTable: Bool { keys.count <= 8 }

    /// The identity of the next registration of `type` from the `register` call at `file`,
    /// `line` and `column`, recorded as pending until its builder commits it.
    ///
    /// Its ordinal counts the registrations of `type` from that site made before in this
    /// container, committed or pending: usually there is none of the type at all, and the
    /// count costs one look-up (the site is not even interned then).
    mutating func begin(
        registrationID: Int, file: StaticString, line: UInt, column: UInt, type: Any.Type
    ) -> ComponentIdentity {
        var ordinal = 0
        let state = keys[ObjectIdentifier(type)]
        if state != nil || pending.contains(type: type) {
            let site = DIRegistrationSite.intern(file: file, line: line, column: column)
            if let state {
                let key = SiteTypeKey(site: site.id, type: ObjectIdentifier(type))
                if let count = siteCounts[key] {
                    ordinal = count
                } else {
                    // Every registration that answers the type's key, in registration order.
                    let indices = [Int(state.first)] + (state.later < 0 ? [] : laterIndices[Int(state.later)])
                    ordinal = indices.count { registrations[$0].type == type && registrations[$0].site == site }
                    siteCounts[key] = ordinal
                }
            }
            for other in pending.all where other.type == type && other.site == site { ordinal += 1 }
        }
        let identity = ComponentIdentity.intern(file: file, line: line, column: column, type: type, ordinal: ordinal)
        pending.append(PendingRegistration(id: registrationID, type: type, site: identity.site))
        return identity
    }

    /// Adds a registration, moved out of `draft`: every `register` call adds a component,
    /// none replaces another.
    mutating func add(_ draft: RegistrationDraft) {
        let registration = unsafe draft.registration.take()!
        pending.remove(id: draft.id)
        if !siteCounts.isEmpty {
            siteCounts[SiteTypeKey(site: registration.site.id, type: registration.ownKey)]? += 1
        }
        let index = registrations.count
        // The details object alone (one reference), not the registration, goes to `record`.
        let details = registration.details
        let ownKey = registration.ownKey
        // What validation and the awaited resolve need to know of the registration.
        if registration.isolation != .nonisolated { hasIsolatedComponents = true }
        // Appended before its keys are recorded: a key published again at once builds its candidate.
        // Not through `appendGrowingFourfold`: its generic `append` copied the registration.
        registrations.makeRoomGrowingFourfold()
        registrations.append(consume registration)
        record(ownKey, at: index, details: details, owner: draft.container)
        for exposure in details?.exposedTypes ?? [] {
            record(exposure.key, at: index, details: details, owner: draft.container)
            // A class none of the component's instances can be: requests for it fail.
            guard exposure.isImpossible else { continue }
            notes.append(
                DIValidationFinding(
                    kind: .impossibleExposure, severity: .error,
                    message: "\(readableName(of: registrations[index].type)) is exposed as \(readableName(of: exposure.type)),"
                        + " which none of its instances can be; requests for it fail with typeMismatch",
                    component: DIComponentInfo(registrations[index].identity)))
        }
    }

    /// Records that the registration at `index` answers `key`, and marks the key dirty.
    ///
    /// The names and tags of `details`, the registration's, go to the key's index of them, if
    /// it has one. A key published with a lone candidate is published again at once (it gets a
    /// slot), so none is stale.
    private mutating func record(_ key: ObjectIdentifier, at index: Int, details: RegistrationDetails?, owner: DIContainer) {
        // One hash: the state is edited in place, made if the key is new.
        // `position`: the registration's among the key's, 0 for the first (a new key).
        let (becameDirty, isPublished, position) = keys.modify(key, default: KeyState()) { state in
            if state.first < 0 {
                state.first = Int32(index)
                return (true, false, 0)
            }
            if state.later < 0 {
                state.later = Int32(laterIndices.count)
                laterIndices.append([])
            }
            laterIndices[Int(state.later)].append(index)
            let becameDirty = !state.isDirty
            state.isDirty = true
            return (becameDirty, state.isPublished, laterIndices[Int(state.later)].count)
        }
        if position > 0, isPublished, let slot = unsafe table.entry(for: key).slot {
            unsafe slot.withObject { $0.qualifierIndex }?.add(details?.qualifiers ?? [], at: position)
        }
        guard becameDirty else { return }
        if position > 0 { dirtyFrom = Swift.min(dirtyFrom, keys.position(of: key)!) }
        dirtyCount += 1
        guard isPublished else { return }
        let entry = table.entry(for: key)
        if unsafe entry.slot != nil {
            // Published again when next read: a registration rebuilds no binding. The primary
            // goes from the slot and from the type's word, in every table a reader may probe.
            unsafe entry.slot!.withObject { $0.markStale() }
            store(key, entry, replacing: true)
            markedKeys.append(key)
        } else {
            _ = publishIfDirty(key, owner: owner)
        }
    }

    /// Publishes bindings for every dirty key.
    mutating func publish(owner: DIContainer) {
        var position = dirtyFrom
        while dirtyCount > 0 && position < keys.count {
            let (key, state) = keys.entry(at: position)
            if state.isDirty { publish(key, state, at: position, owner: owner) }
            position += 1
        }
        assert(dirtyCount == 0, "a dirty key before the registry's dirtyFrom")
        markedKeys.removeAll(keepingCapacity: true)
    }

    /// Publishes again the keys whose slot is marked stale.
    mutating func republishMarked(owner: DIContainer) {
        for key in markedKeys { _ = publishIfDirty(key, owner: owner) }
        markedKeys.removeAll(keepingCapacity: true)
    }

    /// Publishes `key` if it is dirty; returns whether it was.
    mutating func publishIfDirty(_ key: ObjectIdentifier, owner: DIContainer) -> Bool {
        guard let state = keys[key], state.isDirty else { return false }
        publish(key, state, owner: owner)
        return true
    }

    /// Builds and stores the entry of dirty `key`, whose state is `state` (at `position` in
    /// ``keys``, if the caller knows it), from the registrations that answer it: its lone
    /// candidate, or a binding published through its slot.
    private mutating func publish(_ key: ObjectIdentifier, _ state: KeyState, at position: Int? = nil, owner: DIContainer) {
        var state = state
        // One registration (the usual case): no array of indices to map, nor of candidates.
        let first = candidate(at: Int(state.first), as: key, owner: owner)
        let current = state.isPublished ? table.entry(for: key) : .none
        // The key's candidate at position p (p > 0) is its registration `later[p - 1]`.
        let later = state.later < 0 ? [] : laterIndices[Int(state.later)]
        if unsafe state.later < 0 && current.slot == nil && Binding.isUnqualified(first) {
            // The usual type: its one unqualified candidate is its entry, with no binding. A
            // type published so was registered once, so this is its first publication.
            store(key, TypeEntry(lone: first), replacing: !current.isEmpty)
        } else if let slot = unsafe current.slot {
            // The current binding extended by the registrations added since: the candidates
            // it has are the first of the key's, as registrations are only ever added.
            let previous = unsafe slot.withObject { $0.lockedCurrent }
            let added = later[(previous.count - 1)...].map { candidate(at: $0, as: key, owner: owner) }
            let binding = Binding(extending: previous, with: added)
            unsafe slot.withObject { $0.publish(binding) }
            storePrimary(key, of: binding)
            // The replaced binding: an earlier replacement, freed once no reader can still be
            // retaining it (``DIContainer/binding(in:)``), or the first binding, which stays (it
            // is the slot, and the table keeps it).
            if let previous = replacements.updateValue(binding, forKey: key) {
                withExtendedLifetime(previous) { owner.bindingReaders.advance() }
            }
        } else {
            let candidates = [first] + later.map { candidate(at: $0, as: key, owner: owner) }
            // The first binding of a type is its slot too; a type that had a lone candidate
            // (registered again once published) gets its slot now.
            let binding = Binding(with: candidates)
            binding.publish(binding)
            if !table.hasRoom { grow() }
            table.keep(binding, for: key)
            store(key, TypeEntry(slot: binding), replacing: !current.isEmpty)
            storePrimary(key, of: binding)
        }
        state.isPublished = true
        state.isDirty = false
        dirtyCount -= 1
        // No key is dirty: none before the end of the keys.
        if dirtyCount == 0 { dirtyFrom = keys.count }
        if let position { keys.setValue(state, at: position) } else { keys.set(key, state) }
    }

    /// Stores `entry` for `key` in the table, growing it first for a new key; an entry that
    /// replaces another goes into the outgrown tables too, where readers may still probe.
    private mutating func store(_ key: ObjectIdentifier, _ entry: TypeEntry, replacing: Bool) {
        if !replacing && !table.hasRoom { grow() }
        table.store(key, entry)
        if replacing {
            for retired in retiredTables { retired.replace(key, word: entry.bits) }
        }
    }

    /// Makes the word of `key` in the current table the primary candidate of `binding`, if it
    /// has one.
    ///
    /// The unqualified resolve then reads it as a lone candidate (`NamedHitTests`). The
    /// outgrown tables keep the slot's word: they may lack the slot key that the other readers
    /// need beside a primary.
    private func storePrimary(_ key: ObjectIdentifier, of binding: Binding) {
        let primary = binding._primaryBits
        if primary != 0 { table.store(bits: UInt(bitPattern: key), word: primary) }
    }

    /// The candidate of the registration at `index` as the type `key`, made if needed.
    private mutating func candidate(at index: Int, as key: ObjectIdentifier, owner: DIContainer) -> AnyCandidate {
        // As its own type, a component is its own candidate.
        if registrations[index].ownKey == key { return component(at: index, owner: owner) }
        let candidateKey = CandidateKey(index: index, key: key)
        if let candidate = exposedCandidates[candidateKey] { return candidate }
        let exposure = registrations[index].exposedTypes.first { $0.key == key }!
        let candidate = exposure.makeCandidate(component(at: index, owner: owner))
        exposedCandidates[candidateKey] = candidate
        return candidate
    }

    /// The published component of the registration at `index`, made if needed.
    mutating func component(at index: Int, owner: DIContainer) -> Component {
        if let component = registrations[index].component { return component }
        let instantiate = registrations[index].instantiate.take()!
        let component = instantiate(&registrations[index], owner)
        registrations[index].made = .component(component)
        return component
    }

    /// Replaces the table with a larger one: the first table has room for 8 types; the next
    /// for every type registered (twice as many as before at least), so a container that
    /// registers, then resolves, outgrows one small table at most (an outgrown table is kept
    /// for the container's life), and one that resolves a few of many types does not clear a
    /// large one.
    ///
    /// Once a table is sized for every type registered, the registrations and the keys give
    /// back their unused storage (`StartUpMemoryTests`): the tables double, so this happens a
    /// logarithmic number of times however registering and resolving interleave.
    private mutating func grow() {
        let sizedForEveryKey = table !== BindingTable.empty && keys.count + 1 > table.capacity
        let larger = BindingTable(
            capacity: table === BindingTable.empty ? 16 : Swift.max(table.capacity * 2, (keys.count + 1) * 2))
        // NB: the shared empty table is never written, not even its ownership flag.
        if table !== BindingTable.empty {
            table.handOverSlots(to: larger)
            retiredTables.append(table)
        }
        table = larger
        if sizedForEveryKey {
            registrations.trimSlack()
            keys.trimSlack()
        }
    }
}

/// A registration site and a registered type: what a component's ordinal counts within.
struct SiteTypeKey: Hashable {
    let site: Int
    let type: ObjectIdentifier
}

/// A registration as one type it answers: the key of its reusable candidate.
struct CandidateKey: Hashable {
    /// The registration's index in ``Registry/registrations`` (a registration is never removed).
    let index: Int
    let key: ObjectIdentifier
}
