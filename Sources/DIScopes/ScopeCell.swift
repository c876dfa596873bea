import DICore

/// A component's instance in a scope, as a request and the build gate see it.
struct ScopeCell: BuildCell {
    let scope: DIScope
    let component: Component
    let key: DIStorageKey

    var buildKey: BuildKey { BuildKey(ObjectIdentifier(scope), index: key.rawValue) }
    // A user's storage that returns another component's instance has failed the resolve
    // before it reaches the gate; here such an answer only counts as no instance.
    func cached() -> AnyObject? { try? storedInstance(in: scope) }
    func generation() -> Int { scope.generations.current }
    /// Stores a new instance, unless the scope was cleaned or ended since its build began.
    func keep(_ instance: AnyObject, builtIn generation: Int) {
        // Under `.weak`, a component's instance is kept as its referent: a protocol-typed
        // one's box would go at once; a value is not kept.
        guard !scope.hasEnded, let kept = scope.policy == .weak ? component.weakReferent(of: instance) : instance else { return }
        scope.generations.ifCurrent(generation) { scope.storage.store(DIStorageEntry(kept, policy: scope.policy), forKey: key) }
    }

    /// The instance the scope's storage (or a parent scope's) holds, checked; else one built
    /// through the gate, once however many resolves ask: the gate turns a wait that would never
    /// end into a cycle error.
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let instance = try checkedEntry(in: &context) { return instance }
        return try BuildGate.shared.instance(for: self, of: component, in: &context)
    }

    /// The instance a storage holds for the component, checked; errors carry the path.
    ///
    /// The storage is asked with the component on the path, as if it were being built: a
    /// storage whose `entry(forKey:)` resolves the component again (directly or through
    /// others) then gets a `.cycle` error at the first repetition, where it recursed until
    /// the stack overflowed (`StorageTests.storageResolvingItsOwnComponentIsACycle`).
    @inline(never) private func checkedEntry(in context: inout ResolutionContext) throws(DIError) -> AnyObject? {
        try context.asking(for: component) { () throws(DIError) -> AnyObject? in try storedInstance(in: scope) }
    }

    /// The instance `scope`'s storage holds under the key, if it is still alive, else the
    /// parent scopes'.
    ///
    /// What a storage returns is checked to be an instance of the component: a user's storage
    /// that ignores its key fails with an error instead of handing out a wrong-typed instance.
    private func storedInstance(in scope: DIScope) throws(DIError) -> AnyObject? {
        guard let stored = scope.storage.entry(forKey: key)?.instance else { return try scope.parent.flatMap(storedInstance(in:)) }
        // Under `.weak` a protocol-typed component's storage keeps the object its instance
        // holds (see `keep`): that object boxed again is the instance.
        let instance = scope.policy == .weak && !component.isReferenceType ? component.instance(fromReferent: stored) : stored
        guard component.holds(instance) else {
            let storage = readableName(of: Swift.type(of: scope.storage))
            throw DIError(
                .storageMismatch(storage: storage, scope: scope.name, component: component.info, found: component.describeStored(stored)),
                requested: component.type, path: [])
        }
        return instance
    }
}
