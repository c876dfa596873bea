import DICore

extension DIScope {
    /// The scope's instance of `component`, built if the storage does not hold it.
    @inline(__always)
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if !keepsInstance(of: component) {
            return try component.makeInstance(in: &context)
        }
        let key = DIStorageKey(of: component)
        // The hit of the ready storage first, unchanged by the check a user's storage gets.
        if let cache = unsafe cache, let instance = unsafe cache.withObject({ $0.instance(forKey: key) }) {
            return handOut(instance, of: component)
        }
        // A user's storage (checked), then the parent scopes'.
        if unsafe cache == nil || parent != nil, let instance = try checkedEntry(of: component, forKey: key, in: &context) {
            return instance
        }
        return try build(component, key: key, in: &context)
    }

    /// Whether the scope keeps the instance of `component`: nothing can hold a value weakly,
    /// so under `.weak` a value is made per request.
    @inline(__always)
    func keepsInstance(of component: Component) -> Bool {
        !isWeak || component.isReferenceType || !component.isValueType
    }

    /// The instance a user's storage holds for `component`, checked; errors carry the path.
    ///
    /// The storage is asked with the component on the path, as if it were being built: a
    /// storage whose `entry(forKey:)` resolves the component again (directly or through
    /// others) then gets a `.cycle` error at the first repetition, where it recursed until
    /// the stack overflowed (`StorageTests.storageResolvingItsOwnComponentIsACycle`).
    @inline(never)
    private func checkedEntry(of component: Component, forKey key: DIStorageKey, in context: inout ResolutionContext)
        throws(DIError) -> AnyObject?
    {
        do {
            return try context.asking(for: component) { () throws(DIError) -> AnyObject? in
                try storedInstance(of: component, forKey: key)
            }
        } catch  where error.code == .cycle {
            throw error
        } catch {
            throw error.prefixed(by: context.path)
        }
    }

    /// The instance the storage holds under `key`, if it is still alive.
    ///
    /// A ``DICacheStorage`` keys its slots by the key itself. Any other storage is the user's
    /// code: what it returns is checked to be an instance of the component, so a storage that
    /// ignores its key fails with an error instead of handing out a wrong-typed instance.
    @inline(__always)
    func storedInstance(of component: Component, forKey key: DIStorageKey) throws(DIError) -> AnyObject? {
        if let cache = unsafe cache {
            if let instance = unsafe cache.withObject({ $0.instance(forKey: key) }) {
                return handOut(instance, of: component)
            }
        } else if let stored = storage.entry(forKey: key)?.instance {
            let instance = handOut(stored, of: component)
            guard component.holds(instance) else { throw wrongInstanceError(stored, for: component) }
            return instance
        }
        guard let parent else { return nil }
        return try parent.inheritedInstance(of: component, forKey: key)
    }

    /// What a request gets of what the storage keeps for `component`: the instance itself,
    /// but under `.weak` for a protocol-typed component, whose storage keeps the object its
    /// instance holds (see `ScopeCell.keep`), that object boxed again as the instance.
    @inline(__always)
    private func handOut(_ stored: AnyObject, of component: Component) -> AnyObject {
        isWeak && !component.isReferenceType ? component.instance(fromReferent: stored) : stored
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
                storage: readableName(of: Swift.type(of: storage)), scope: name, component: component.info,
                found: component.describeStored(instance)),
            requested: component.type, path: [])
    }

    /// Builds the instance of `component` once however many resolves ask for it, through
    /// the build gate (which turns a wait that would never end into a cycle error).
    @inline(never)
    private func build(_ component: Component, key: DIStorageKey, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try BuildGate.shared.instance(for: ScopeCell(scope: self, component: component, key: key), of: component, in: &context)
    }

    /// Stores a new instance, unless the scope was cleaned or ended since its build began.
    fileprivate func keep(_ instance: AnyObject, forKey key: DIStorageKey, builtIn generation: Int) {
        guard !hasEnded else { return }
        generations.ifCurrent(generation) {
            storage.store(DIStorageEntry(instance, policy: policy), forKey: key)
        }
    }
}

struct ScopeCell: BuildCell {
    let scope: DIScope
    let component: Component
    let key: DIStorageKey

    var buildKey: BuildKey { BuildKey(ObjectIdentifier(scope), index: key.rawValue) }
    // A user's storage that returns another component's instance has failed the resolve
    // before it reaches the gate; here such an answer only counts as no instance.
    func cached() -> AnyObject? { try? scope.storedInstance(of: component, forKey: key) }
    func generation() -> Int { scope.generations.current }
    func keep(_ instance: AnyObject, builtIn generation: Int) {
        // Under `.weak`, a protocol-typed component's instance is kept as the object it holds
        // (its box would go at once); a value is not kept.
        guard let kept = scope.isWeak && !component.isReferenceType ? component.weakReferent(of: instance) : instance else { return }
        scope.keep(kept, forKey: key, builtIn: generation)
    }
}
