import Synchronization

/// A dependency-injection container: register components, then resolve them.
///
/// ```swift
/// let container = DIContainer()
/// container.register(Cat.init)
/// container.register(Owner.init)          // Owner(cat: Cat): the cat is resolved for it
/// let owner: Owner? = container.resolve()
/// ```
///
/// Every method is safe to call from any thread at once. Resolving reads published,
/// immutable state without taking a lock; registering takes the container's lock, and the
/// first resolve after a change publishes it.
public final class DIContainer: Sendable {
    /// The gate of the threads between loading a slot's binding and retaining it (see
    /// ``binding(in:)``): the registry advances it before it frees a replaced binding.
    ///
    /// Declared first, before the registry: written by lookups off the hot path, it is kept
    /// off the cache lines of the fields every resolve reads by the registry between them
    /// (`GenerationGateTests.aContainersRegistryKeepsTheBindingGateOffItsHotFields`).
    let bindingReaders = GenerationGate()
    /// Registrations and their published bindings; the lock is never held while a factory runs.
    let registry: Locked<Registry>
    /// The table resolves read, as the bits of an unretained ``UnsafeObjectWord`` of the current
    /// `BindingTable`: the registry keeps the current table and every outgrown one while the
    /// container lives, so a reader's stale table stays valid.
    @usableFromInline let table: Atomic<UInt>
    /// Set while some registered type has no published binding yet: a lookup that misses then
    /// asks the registry (a lookup that hits never looks at it: published bindings are current).
    @usableFromInline let hasPending = Atomic<Bool>(false)
    /// Whether the container has an observer (``addObserver(_:)``): the one flag a build reads.
    @usableFromInline let isObserved = Atomic<Bool>(false)
    /// Whether a main-actor or async component is registered here (set once, with the
    /// registry's flag of the same name): read without a lock by every awaited resolve.
    let hasIsolatedComponents = Atomic<Bool>(false)
    /// The child's parent and rules (DIHierarchy's); `nil` for a root container.
    let hierarchyLink: Hierarchy?
    /// The container's number, never given to another container of the process: what a table
    /// that may outlive the container keys it by (see ``serial``).
    let serialNumber: Int
    /// The next container's ``serial``.
    private static let nextSerial = Atomic<Int>(1)
    /// The components of this container whose builds were seen resolving from inside their
    /// factory (see ``Component/recordDynamicResolution()``), made on the first one: what this container's
    /// validation reports, whatever other containers resolved.
    let dynamicResolutions = AtomicLazyObject<Protected<Set<Int>>>()
    /// The container's ``lifetime``, made when first asked for; declared after the registry,
    /// so it ends once the registry, and the instances it caches, are released.
    private let lazyLifetime = LazyLifetime()

    /// A lifetime that ends when this container is deinitialized, after the container has
    /// released the instances it caches.
    ///
    /// Tie things to the container with it: `container.lifetime.observeEnded { ... }`.
    public var lifetime: Lifetime { lazyLifetime.lifetime }

    /// Makes an empty container.
    public convenience init() {
        self.init(linkedTo: nil)
    }

    /// Makes a container, a child in `hierarchy` (which keeps its parent alive) or a root.
    init(linkedTo hierarchy: Hierarchy?) {
        let table = BindingTable.empty
        // The registry keeps the table alive (and the shared empty table is never freed).
        self.table = unsafe Atomic(UnsafeObjectWord(unretained: table).bits)
        // Made in its lock: a registry made and then handed over would be copied.
        self.registry = Locked(Registry(table: table))
        self.hierarchyLink = hierarchy
        self.serialNumber = Self.nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    // MARK: - Lookups (the resolver's hot path)

    /// This container's own entry for `key` (empty if it has none), published on first need.
    // NB: always inlined: the probe is the resolve's first step, and its miss path is out of
    // line (`missedEntry(_:)`).
    @inlinable @inline(__always) func localEntry(_ key: ObjectIdentifier) -> TypeEntry {
        let table = unsafe UnsafeObjectWord<BindingTable>(bits: self.table.load(ordering: .acquiring))
        // NB: a local function marked always-inline, not a closure: a closure may be left out
        // of line (a call per lookup) in a module with many of them.
        @inline(__always) func probe(_ table: BindingTable) -> UInt { table.lookupWord(bits: UInt(bitPattern: key)) }
        let bits = unsafe table.withObject(probe)
        if bits != 0 { return TypeEntry(bits: bits) }
        return missedEntry(key)
    }

    /// This container's own entry for `key` for every reader but the unqualified resolve: the
    /// type's slot when it has one, though ``localEntry(_:)`` gives its primary candidate.
    func entry(_ key: ObjectIdentifier) -> TypeEntry {
        let table = unsafe UnsafeObjectWord<BindingTable>(bits: self.table.load(ordering: .acquiring))
        let entry = unsafe table.withObject { $0.entry(for: key) }
        return entry.isEmpty ? missedEntry(key) : entry
    }

    /// The entry of `key` after the caller's probe of the table missed: published now if
    /// it waits to be, else looked up once more.
    ///
    /// Another thread may have published `key`, and cleared the pending flag, between the
    /// caller's probe and the load of the flag here: seeing the flag clear (acquiring) makes
    /// that publication visible, so one more probe settles the miss. Without it, `[T]` of
    /// registered components could come back empty under load (the stress suite's model saw
    /// it under the thread sanitizer).
    ///
    /// When something is pending, publishes `key` if it waits to be, or everything pending: any
    /// miss of a key that is not pending publishes everything pending, so a type that is not
    /// registered does not take the lock again. A container whose types fit its first table
    /// publishes everything pending at its first miss: a child made per request resolves most
    /// of what it registers, and then takes the lock once, not once per type (`PublicationTests`).
    @usableFromInline func missedEntry(_ key: ObjectIdentifier) -> TypeEntry {
        if hasPending.load(ordering: .acquiring) {
            return withRegistry { registry in
                if registry.fitsFirstTable || !registry.publishIfDirty(key, owner: self) { registry.publish(owner: self) }
                publishTable(of: &registry)
                return registry.table.entry(for: key)
            }
        }
        return unsafe UnsafeObjectWord<BindingTable>(bits: self.table.load(ordering: .acquiring)).withObject { $0.entry(for: key) }
    }

    /// Makes the registry's current table the one readers use; call with the registry locked.
    func publishTable(of registry: inout Registry) {
        unsafe table.store(UnsafeObjectWord(unretained: registry.table).bits, ordering: .releasing)
        hasPending.store(registry.hasDirtyKeys, ordering: .releasing)
    }

    /// Runs `body` with the registry locked.
    func withRegistry<R>(_ body: (inout sending Registry) -> sending R) -> sending R {
        registry.withLock(in: self, body)
    }

    /// Edits the registry, then makes its table the one readers use.
    func editRegistry<R>(_ body: (inout Registry) -> R) -> R {
        withRegistry { registry in
            let result = body(&registry)
            publishTable(of: &registry)
            return result
        }
    }

    var ambiguityResolvers: [any AmbiguityResolver] {
        withRegistry { $0.ambiguityResolvers }
    }

    /// What the checks other modules added find now, for validation.
    var validationCheckFindings: [DIValidationFinding] {
        // Run with no lock held: a check reads the container.
        withRegistry { $0.validationChecks }.flatMap { $0(self) }
    }
}
