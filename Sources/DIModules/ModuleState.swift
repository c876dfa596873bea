import DICore

/// What one container knows of its parts and frameworks: which are loaded or loading, and
/// which frameworks import which.
///
/// Attached to the container with `extensionState`. The lock guards bookkeeping only; it is
/// never held while a part's or framework's `load` runs.
final class ModuleState: Sendable {
    /// One part or framework being loaded.
    ///
    /// Its gate is held by the loading thread for the whole load, so another thread appending
    /// the same type waits by taking the gate.
    final class Loading: Sendable {
        /// The chain of appends doing the load.
        let chain: Int
        let gate = Protected<Void>(())

        init(chain: Int) {
            self.chain = chain
        }
    }

    /// What an `append` must do with a part or framework.
    enum Claim {
        /// Load it: nobody has.
        case load
        /// Wait for another thread's load of it to finish, then return.
        case wait(Loading)
        /// Return at once: it is loaded, or its load is in progress further up this chain
        /// (or up a chain that waits for this one), so waiting would never end.
        case skip
    }

    private struct State {
        var loaded: Set<ObjectIdentifier> = []
        var loading: [ObjectIdentifier: Loading] = [:]
        /// The part or framework each waiting chain waits for.
        var waiting: [Int: ObjectIdentifier] = [:]
        /// The frameworks each framework imports.
        var imports: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        var hasPreference = false
    }

    private let state = Protected(State())

    /// Decides who loads `id`; on `.load`, `loading` is recorded as its load, and the caller
    /// must already hold `loading.gate` and call ``finish(_:)`` after the load.
    func claim(_ id: ObjectIdentifier, loading: Loading) -> Claim {
        state.withLock { state in
            if state.loaded.contains(id) { return .skip }
            guard let other = state.loading[id] else {
                state.loading[id] = loading
                return .load
            }
            // Follow who waits for whom from the loading chain; reaching ours means a wait
            // would close a cycle. The graph has no cycle (none is ever added), so this ends.
            var chain = other.chain
            while true {
                if chain == loading.chain { return .skip }
                guard let next = state.waiting[chain], let blocker = state.loading[next] else { break }
                chain = blocker.chain
            }
            state.waiting[loading.chain] = id
            return .wait(other)
        }
    }

    /// Marks `id` loaded.
    func finish(_ id: ObjectIdentifier) {
        state.withLock { state in
            state.loading[id] = nil
            state.loaded.insert(id)
        }
    }

    /// Records that `chain` no longer waits.
    func stopWaiting(_ chain: Int) {
        _ = state.withLock { $0.waiting.removeValue(forKey: chain) }
    }

    /// Records that `importer` imports `imported`.
    func recordImport(_ imported: ObjectIdentifier, by importer: ObjectIdentifier) {
        _ = state.withLock { $0.imports[importer, default: []].insert(imported) }
    }

    /// The frameworks `framework` imports directly.
    func isLoaded(_ id: ObjectIdentifier) -> Bool {
        state.withLock { $0.loaded.contains(id) }
    }

    func imports(of framework: ObjectIdentifier) -> Set<ObjectIdentifier> {
        state.withLock { $0.imports[framework] ?? [] }
    }

    /// Returns `true` the first time only: whether the caller must install the framework
    /// preference in the container.
    func claimPreference() -> Bool {
        state.withLock { state in
            defer { state.hasPreference = true }
            return !state.hasPreference
        }
    }
}

extension DIContainer {
    /// This container's parts and frameworks.
    var moduleState: ModuleState {
        extensionState(ModuleState.self) { ModuleState() }
    }
}
