/// The path of components being built: pushed and popped around each build, checked for cycles.
extension ResolutionContext {
    /// The component whose factory is asking for a dependency, if any.
    var requester: Component? { unsafe depth == 0 ? nil : component(at: depth - 1).object }

    /// The component at `index` of the path, outermost first.
    ///
    /// Unretained, here and below: each component on the path is held by its container's
    /// binding for as long as it is there (see ``frame(at:)``).
    func component(at index: Int) -> UnsafeObjectWord<Component> {
        unsafe index < frameCapacity ? frame(at: index) : session!.deepPath[index - frameCapacity]
    }

    /// Puts `component` on the path, as it is being built.
    ///
    /// Past ``cycleCheckDepth`` it first checks that the component is not being built already.
    /// At every depth it compares the stack pointer with the context's stack limit
    /// (``isWithinStackBudget``): past it, the resolve stops with `.tooDeep` (`StackGuardTests`).
    @inlinable @inline(__always) mutating func push(_ component: Component) throws(DIError) {
        if depth < Self.cycleCheckDepth && depth < frameCapacity && isWithinStackBudget {
            setFrame(component, at: depth)
            depth += 1
        } else {
            try pushChecked(component)
        }
    }

    /// Takes the innermost component off the path.
    @inlinable @inline(__always) mutating func pop() {
        depth -= 1
        if depth >= frameCapacity { popDeep() }
    }

    /// Takes the innermost component off the part of the path past the stack frames; out of
    /// line, so that a build compiles no array code (`Benchmarks/compile-time.sh --per-type`).
    @usableFromInline @inline(never) func popDeep() { unsafe session!.deepPath.removeLast() }

    /// Puts `component` on the path past ``cycleCheckDepth`` (or without stack frames),
    /// after checking it is not being built already.
    @usableFromInline mutating func pushChecked(_ component: Component) throws(DIError) {
        if depth >= Self.cycleCheckDepth { try checkNotBuilding(component) }
        if depth >= Self.maxDepth || ActiveResolveSlot.stackIsNearlyExhausted() {
            // Described on a fresh stack when this one is nearly used (``FreshStack``).
            var error: DIError?
            FreshStack.run { error = DIError(.tooDeep(limit: Self.maxDepth), requested: component.type, path: path) }
            throw error!
        }
        if depth < frameCapacity {
            setFrame(component, at: depth)
        } else {
            unsafe sharedSession().deepPath.append(UnsafeObjectWord(unretained: component))
        }
        depth += 1
    }

    /// Throws a cycle error if `component` is already being built on this path.
    ///
    /// Caching lifetimes' gate catches a cached cycle when the resolve claims a build it owns;
    /// every step past ``cycleCheckDepth`` calls this, so an uncached cycle (`.prototype`,
    /// `.objectGraph` before its instance exists) ends as an error too.
    ///
    /// The error lists each step of the cycle once: a `.prototype` cycle is noticed only
    /// after several laps, so the error shows the way into the cycle and its first lap.
    func checkNotBuilding(_ component: Component) throws(DIError) {
        if let error = Self.repetition(of: component, depth: depth, at: { unsafe self.component(at: $0).bits }) { throw error }
    }

    /// The `.cycle` error of a path of `depth` components (the bits of each, by index, from
    /// `step`) that `target` would enter again, or `nil` if it is not on the path.
    ///
    /// The one rule of both doors: a synchronous resolve's path, and an awaited resolve's
    /// path continued through the async factories it is nested in (`AsyncPrototypeCycleTests`).
    static func repetition(of target: Component, depth: Int, at step: (Int) -> UInt) -> DIError? {
        // Only an address, compared with the path's.
        let bits = unsafe UnsafeObjectWord(unretained: target).bits
        guard let last = (0..<depth).reversed().first(where: { step($0) == bits }) else { return nil }
        // The path repeats with period `lap` from `start` on: find where the first lap began.
        let lap = depth - last
        func at(_ index: Int) -> UInt { index == depth ? bits : step(index) }
        var start = last
        while start > 0 && at(start - 1) == at(start - 1 + lap) { start -= 1 }
        // NB: each word is a component on the path, held by its container's binding while
        // it is there.
        let way = (0..<(start + lap)).map { unsafe UnsafeObjectWord<Component>(bits: step($0)).object }
        let first = way[start]
        let cycle = way[start...].map(\.info) + [first.info]
        return DIError(.cycle(cycle), requested: first.type, path: way.map(\.info))
    }
}
