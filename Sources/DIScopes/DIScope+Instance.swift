import DICore

extension DIScope {
    /// The instance the storage holds under `key`, if it is still alive, else the parent
    /// scopes'.
    ///
    /// What a storage returns is checked to be an instance of the component: a user's storage
    /// that ignores its key fails with an error instead of handing out a wrong-typed instance.
    func storedInstance(of component: Component, forKey key: DIStorageKey) throws(DIError) -> AnyObject? {
        guard let stored = storage.entry(forKey: key)?.instance else { return try parent?.storedInstance(of: component, forKey: key) }
        let instance = handOut(stored, of: component)
        guard component.holds(instance) else {
            let storageName = readableName(of: Swift.type(of: storage))
            throw DIError(
                .storageMismatch(storage: storageName, scope: name, component: component.info, found: component.describeStored(stored)),
                requested: component.type, path: [])
        }
        return instance
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
