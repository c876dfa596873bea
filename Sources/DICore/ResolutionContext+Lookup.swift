extension ResolutionContext {
    /// Resolves `T`: the lookup every dependency and every top-level resolve goes through.
    @inline(__always)
    package mutating func resolve<T>(_ type: T.Type) throws(DIError) -> T {
        // NB: the origin is borrowed, not retained: the caller holds it for the whole resolve,
        // and a retain would update a reference count every thread shares.
        let key = ObjectIdentifier(T.self)
        if let raw = Unmanaged.passUnretained(origin)._withUnsafeGuaranteedRef({ $0.localBinding(key) }) {
            let binding = Unmanaged<Binding<T>>.fromOpaque(raw)
            if let primary = binding._withUnsafeGuaranteedRef({ $0.primary }) {
                return try primary.instance(in: &self)
            }
        }
        return try resolve(T.self, qualifier: nil)
    }

    /// Resolves `T` with a name or tag, or without one when the fast path did not decide:
    /// walks up the container chain to the first container with a fitting component.
    package mutating func resolve<T>(_ type: T.Type, qualifier: Qualifier?) throws(DIError) -> T {
        var container: DIContainer? = origin
        var tagged = 0
        while let current = container {
            if let raw = current.localBinding(ObjectIdentifier(T.self)) {
                let binding = Unmanaged<Binding<T>>.fromOpaque(raw).takeUnretainedValue()
                let matching = binding.matching(qualifier)
                if !matching.isEmpty {
                    return try choose(among: matching, for: T.self, in: current).instance(in: &self)
                }
                tagged += binding.candidates.count
            }
            container = current.upstream
        }
        if qualifier == nil, let wrapper = T.self as? any DependencyWrapper.Type {
            return try resolveWrapper(wrapper)
        }
        let hint = tagged > 0 ? "\(tagged) component(s) of this type have a name or tag; ask for one of them." : nil
        throw error(.notRegistered(qualifier: qualifier?.description, hint: hint), requested: T.self)
    }

    /// A top-level request for `[T]`, `T?`, `Lazy<T>` and the like, which are not registered
    /// themselves: answered as a parameter of that type would be.
    private mutating func resolveWrapper<W: DependencyWrapper, T>(_ wrapper: W.Type) throws(DIError) -> T {
        unsafeBitCast(try W.dependencyGetter.get(&self), to: T.self)
    }

    /// The one candidate that answers a request: the only one, the default one, or the one
    /// the ambiguity hooks (frameworks' imports) prefer.
    private func choose<T>(among candidates: [Candidate<T>], for type: T.Type, in container: DIContainer) throws(DIError) -> Candidate<T> {
        if let chosen = Binding<T>.choose(candidates) { return chosen }
        let defaults = candidates.filter { $0.component.isDefault }
        var remaining = defaults.isEmpty ? candidates : defaults
        if defaults.isEmpty {
            let requester = self.requester
            for resolver in container.ambiguityResolvers where remaining.count > 1 {
                let preferred = resolver.preferred(among: remaining.map { $0.component }, requester: requester)
                let narrowed = remaining.filter { candidate in preferred.contains { $0 === candidate.component } }
                if !narrowed.isEmpty { remaining = narrowed }
            }
            if remaining.count == 1 { return remaining[0] }
        }
        throw error(.ambiguous(remaining.map { $0.component.info }), requested: T.self)
    }

    /// Every component exposed as `T` with `qualifier` (all of them for `nil`), this
    /// container's first, then each upstream container's, in registration order.
    package mutating func resolveAll<T>(_ type: T.Type, qualifier: Qualifier?) throws(DIError) -> [T] {
        var results: [T] = []
        var container: DIContainer? = origin
        while let current = container {
            if let raw = current.localBinding(ObjectIdentifier(T.self)) {
                let binding = Unmanaged<Binding<T>>.fromOpaque(raw).takeUnretainedValue()
                for candidate in binding.candidates where qualifier == nil || candidate.component.qualifier == qualifier {
                    results.append(try candidate.instance(in: &self))
                }
            }
            container = current.upstream
        }
        return results
    }

    /// Builds the instance of one given component, as `initializeSingletonObjects()` needs.
    package mutating func instance(of component: Component) throws(DIError) -> AnyObject {
        if let strategy = component.lifetime.strategy {
            return try strategy.instance(of: component, in: &self)
        }
        return try component.makeInstance(in: &self)
    }
}
