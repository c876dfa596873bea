import DICore

/// The builds of scoped instances in progress in the whole process, and who waits for whom.
///
/// It makes a concurrent first request build one instance (later requests wait for the
/// first) and turns what would be a deadlock into a cycle error: a thread asking for an
/// instance it is building itself, or waiting for a thread that (through others) waits for it.
/// The lock is held only to read and update the tables, never while a factory runs or a
/// thread waits.
final class BuildRegistry: Sendable {
    /// The registry every scope uses: waits can chain across scopes.
    static let shared = BuildRegistry()

    /// What a thread that wants an instance must do.
    enum Claim {
        /// Build it: the candidate is now the published build.
        case build
        /// Wait for this build, then take its result.
        case wait(InFlightBuild)
        /// Waiting would never end: the scoped components of the cycle, the last one being
        /// built by the calling thread.
        case cycle([DIComponentInfo])
    }

    private struct State {
        var builds: [BuildKey: InFlightBuild] = [:]
        /// The build each waiting thread waits for.
        var waits: [UInt: InFlightBuild] = [:]
    }

    private let state = Protected(State())

    /// Publishes `candidate` as the build of its key, unless another build of the key is in
    /// progress.
    ///
    /// The caller must hold the candidate's gate.
    func claim(_ candidate: InFlightBuild) -> Claim {
        state.withLock { state in
            guard let existing = state.builds[candidate.key] else {
                state.builds[candidate.key] = candidate
                return .build
            }
            if existing.owner == candidate.owner { return .cycle([existing.component]) }
            var chain = [existing.component]
            var thread = existing.owner
            // A stale entry (its thread woke up, its build is over) is not followed.
            while let awaited = state.waits[thread], state.builds[awaited.key] === awaited {
                chain.append(awaited.component)
                if awaited.owner == candidate.owner { return .cycle(chain) }
                thread = awaited.owner
            }
            state.waits[candidate.owner] = existing
            return .wait(existing)
        }
    }

    /// Removes a finished build; called before its gate opens.
    func finish(_ build: InFlightBuild) {
        state.withLock { state in
            if state.builds[build.key] === build { state.builds[build.key] = nil }
        }
    }

    /// Records that `thread` no longer waits.
    func stopWaiting(thread: UInt) {
        state.withLock { _ = $0.waits.removeValue(forKey: thread) }
    }
}
