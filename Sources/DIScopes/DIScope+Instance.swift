import DICore

extension DIScope {
    /// The scope's instance of `component`, built if the storage does not hold it.
    @inline(__always) func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        guard keepsInstance(of: component) else { return try component.makeInstance(in: &context) }
        let key = DIStorageKey(of: component)
        // The hit of the ready storage first, unchanged by the check a user's storage gets.
        if let instance = cache?.entry(forKey: key)?.instance { return handOut(instance, of: component) }
        // A user's storage (checked), then the parent scopes'.
        if cache == nil || parent != nil, let instance = try checkedEntry(of: component, forKey: key, in: &context) { return instance }
        // Once however many resolves ask: the gate turns a wait that would never end into a cycle error.
        return try BuildGate.shared.instance(for: ScopeCell(scope: self, component: component, key: key), of: component, in: &context)
    }

    /// Whether the scope keeps the instance of `component`: nothing can hold a value weakly,
    /// so under `.weak` a value is made per request.
    @inline(__always)
    func keepsInstance(of component: Component) -> Bool { policy == .strong || component.isReferenceType || !component.isValueType }

    /// The instance a user's storage holds for `component`, checked; errors carry the path.
    ///
    /// The storage is asked with the component on the path, as if it were being built: a
    /// storage whose `entry(forKey:)` resolves the component again (directly or through
    /// others) then gets a `.cycle` error at the first repetition, where it recursed until
    /// the stack overflowed (`StorageTests.storageResolvingItsOwnComponentIsACycle`).
    @inline(never) private func checkedEntry(of component: Component, forKey key: DIStorageKey, in context: inout ResolutionContext)
        throws(DIError) -> AnyObject?
    {
        do {
            return try context.asking(for: component) { () throws(DIError) -> AnyObject? in try storedInstance(of: component, forKey: key) }
        } catch {
            throw error.code == .cycle ? error : error.prefixed(by: context.path)
        }
    }

    /// The instance the storage holds under `key`, if it is still alive, else the parent
    /// scopes'.
    ///
    /// A ``DICacheStorage`` keys its slots by the key itself. Any other storage is the user's
    /// code: what it returns is checked to be an instance of the component, so a storage that
    /// ignores its key fails with an error instead of handing out a wrong-typed instance.
    func storedInstance(of component: Component, forKey key: DIStorageKey) throws(DIError) -> AnyObject? {
        if let cache {
            if let instance = cache.entry(forKey: key)?.instance { return handOut(instance, of: component) }
        } else if let stored = storage.entry(forKey: key)?.instance {
            let instance = handOut(stored, of: component)
            guard component.holds(instance) else {
                let storageName = readableName(of: Swift.type(of: storage))
                throw DIError(
                    .storageMismatch(storage: storageName, scope: name, component: component.info, found: component.describeStored(stored)),
                    requested: component.type, path: [])
            }
            return instance
        }
        return try parent?.storedInstance(of: component, forKey: key)
    }

    /// What a request gets of what the storage keeps for `component`: the instance itself,
    /// but under `.weak` for a protocol-typed component, whose storage keeps the object its
    /// instance holds (see `ScopeCell.keep`), that object boxed again as the instance.
    @inline(__always) private func handOut(_ stored: AnyObject, of component: Component) -> AnyObject {
        policy == .weak && !component.isReferenceType ? component.instance(fromReferent: stored) : stored
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
        let isReferent = scope.policy == .weak && !component.isReferenceType
        guard let kept = isReferent ? component.weakReferent(of: instance) : instance else { return }
        scope.keep(kept, forKey: key, builtIn: generation)
    }
}
