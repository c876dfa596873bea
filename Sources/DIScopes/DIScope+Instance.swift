import DICore

extension DIScope {
    /// The scope's instance of `component`, built if the storage does not hold it.
    @inline(__always)
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if isWeak && !component.isReferenceType {
            // Nothing can hold a value weakly: under `.weak` a value is made per request.
            return try component.makeInstance(in: &context)
        }
        let key = DIStorageKey(component.site)
        if let instance = storedInstance(forKey: key) { return instance }
        return try build(component, key: key, in: &context)
    }

    /// The instance the storage holds for `component`, without building one.
    func cachedInstance(of component: Component) -> AnyObject? {
        storedInstance(forKey: DIStorageKey(component.site))
    }

    /// The instance the storage holds under `key`, if it is still alive.
    @inline(__always)
    fileprivate func storedInstance(forKey key: DIStorageKey) -> AnyObject? {
        if let cache { return cache._withUnsafeGuaranteedRef { $0.instance(forKey: key) } }
        return storage.entry(forKey: key)?.instance
    }

    /// Builds the instance of `component` once however many resolves ask for it, through
    /// the build gate (which turns a wait that would never end into a cycle error).
    @inline(never)
    private func build(_ component: Component, key: DIStorageKey, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        try BuildGate.shared.instance(for: ScopeCell(scope: self, key: key), of: component, in: &context)
    }

    /// The scope's cell of `component`, for awaited resolves; `nil` for a value in a weak scope.
    func buildCell(of component: Component) -> (any BuildCell)? {
        if isWeak && !component.isReferenceType { return nil }
        return ScopeCell(scope: self, key: DIStorageKey(component.site))
    }

    /// Stores a new instance, unless the scope was cleaned or ended since its build began.
    fileprivate func keep(_ instance: AnyObject, forKey key: DIStorageKey, builtIn generation: Int) {
        guard !hasEnded, self.generation.load(ordering: .sequentiallyConsistent) == generation else { return }
        storage.store(DIStorageEntry(instance, policy: policy), forKey: key)
        // A clean that came between the check and the store has either removed the entry
        // already, or bumped the generation before this load (the storage's lock orders the
        // store and the clean's removal).
        if self.generation.load(ordering: .sequentiallyConsistent) != generation {
            storage.removeEntry(forKey: key)
        }
    }
}

/// The instance of one component in one scope, as the build gate sees it.
struct ScopeCell: BuildCell {
    let scope: DIScope
    let key: DIStorageKey

    var buildKey: BuildKey { BuildKey(ObjectIdentifier(scope), index: key.rawValue) }
    func cached() -> AnyObject? { scope.storedInstance(forKey: key) }
    func generation() -> Int { scope.generation.load(ordering: .sequentiallyConsistent) }
    func keep(_ instance: AnyObject, builtIn generation: Int) { scope.keep(instance, forKey: key, builtIn: generation) }
}
