import DICore

extension DIScope {
    /// The scope's instance of `component`, built if the storage does not hold it.
    @inline(__always)
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if isWeak && !component.isReferenceType {
            // Nothing can hold a value weakly: under `.weak` a value is made per request.
            return try component.makeInstance(in: &context)
        }
        let key = DIStorageKey(of: component)
        // The hit of the ready storage first, unchanged by the check a user's storage gets.
        if let cache, let instance = cache._withUnsafeGuaranteedRef({ $0.instance(forKey: key) }) {
            return instance
        }
        // A user's storage (checked), then the parent scopes'.
        if cache == nil || parent != nil, let instance = try checkedEntry(of: component, forKey: key, in: context) {
            return instance
        }
        return try build(component, key: key, in: &context)
    }

    /// The instance a user's storage holds for `component`, checked; errors carry the path.
    @inline(never)
    private func checkedEntry(of component: Component, forKey key: DIStorageKey, in context: ResolutionContext)
        throws(DIError) -> AnyObject?
    {
        do {
            return try storedInstance(of: component, forKey: key)
        } catch {
            throw error.prefixed(by: context.path)
        }
    }

    /// The instance the storage holds for `component`, without building one.
    func cachedInstance(of component: Component) -> AnyObject? {
        try? storedInstance(of: component, forKey: DIStorageKey(of: component))
    }

    /// The instance the storage holds under `key`, if it is still alive.
    ///
    /// A ``DICacheStorage`` keys its slots by the key itself. Any other storage is the user's
    /// code: what it returns is checked to be an instance of the component, so a storage that
    /// ignores its key fails with an error instead of handing out a wrong-typed instance.
    @inline(__always)
    private func storedInstance(of component: Component, forKey key: DIStorageKey) throws(DIError) -> AnyObject? {
        if let cache {
            if let instance = cache._withUnsafeGuaranteedRef({ $0.instance(forKey: key) }) { return instance }
        } else if let instance = storage.entry(forKey: key)?.instance {
            guard component.holds(instance) else { throw wrongInstanceError(instance, for: component) }
            return instance
        }
        guard let parent else { return nil }
        return try parent.inheritedInstance(of: component, forKey: key)
    }

    /// The instance a scope or one of its ancestors keeps for `key`: out of line, so that a
    /// scope without a parent reads its own storage inline.
    @inline(never)
    private func inheritedInstance(of component: Component, forKey key: DIStorageKey) throws(DIError) -> AnyObject? {
        try storedInstance(of: component, forKey: key)
    }

    /// The error for a storage that returned, under `component`'s key, something else.
    @inline(never)
    private func wrongInstanceError(_ instance: AnyObject, for component: Component) -> DIError {
        DIError(
            .storageMismatch(
                storage: String(reflecting: Swift.type(of: storage)), scope: name, component: component.info,
                found: component.describeStored(instance)),
            requested: component.type, path: [])
    }

    private enum Outcome {
        case done(DIStorageEntry)
        case wait(InFlightBuild)
    }

    /// Builds the instance of `component` once however many threads ask for it, or waits
    /// for the thread that builds it.
    @inline(never)
    private func build(_ component: Component, key: DIStorageKey, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        let registry = BuildRegistry.shared
        let thread = currentThreadID()
        let buildKey = BuildKey(scope: ObjectIdentifier(self), site: key.rawValue)
        while true {
            let candidate = InFlightBuild(key: buildKey, owner: thread, component: component.info)
            // The gate is locked before the build is published, so whoever finds the build
            // in the registry waits until it is over.
            let outcome = try candidate.gate.withLock { (_) throws(DIError) -> Outcome in
                switch registry.claim(candidate) {
                case .wait(let other): return .wait(other)
                case .cycle(let chain): throw cycleError(chain, requested: component, in: context)
                case .build: break
                }
                defer { registry.finish(candidate) }
                // Another thread may have built and stored it since this one looked.
                if let instance = try storedInstance(of: component, forKey: key) {
                    let result = DIStorageEntry(instance, policy: .strong)
                    candidate.succeed(with: result)
                    return .done(result)
                }
                let generation = self.generation.load(ordering: .sequentiallyConsistent)
                // Built as the container holding the registration sees the graph, so the
                // instance does not depend on which container asked first.
                let instance = try context.withOrigin(component.owner) { (context) throws(DIError) -> AnyObject in
                    try component.makeInstance(in: &context)
                }
                keep(instance, forKey: key, builtIn: generation)
                let result = DIStorageEntry(instance, policy: .strong)
                candidate.succeed(with: result)
                return .done(result)
            }
            switch outcome {
            case .done(let result):
                return result.strong.unsafelyUnwrapped
            case .wait(let other):
                other.gate.withLock { _ in }
                registry.stopWaiting(thread: thread)
                if let result = other.result { return result.strong.unsafelyUnwrapped }
            // The other build failed: try again, building here if no one else does.
            }
        }
    }

    /// Stores a new instance, unless the scope was cleaned or ended since its build began.
    private func keep(_ instance: AnyObject, forKey key: DIStorageKey, builtIn generation: Int) {
        guard !hasEnded, self.generation.load(ordering: .sequentiallyConsistent) == generation else { return }
        storage.store(DIStorageEntry(instance, policy: policy), forKey: key)
        // A clean that came between the check and the store has either removed the entry
        // already, or bumped the generation before this load (the storage's lock orders the
        // store and the clean's removal).
        if self.generation.load(ordering: .sequentiallyConsistent) != generation {
            storage.removeEntry(forKey: key)
        }
    }

    /// The error for a request that would wait for itself: `chain` ends with the scoped
    /// component this thread is building, which the resolution path leads from.
    private func cycleError(_ chain: [DIComponentInfo], requested component: Component, in context: ResolutionContext) -> DIError {
        let path = context.path
        let start = chain[chain.count - 1]
        let lead = path.lastIndex { $0.site == start.site }.map { Array(path[$0...]) } ?? [start]
        return context.error(.cycle(lead + chain), requested: component.type)
    }
}
