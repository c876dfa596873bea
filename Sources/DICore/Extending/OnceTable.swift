/// Work a container runs once per key: which is done, and which is running for which claimant.
///
/// In DIModules, the key is a part or framework the container loads. Run the work with
/// ``BuildGate/runOnce(_:in:task:into:group:attributes:reporting:file:line:column:_:)``.
///
/// An uncontended run takes this table's lock twice (to start and to finish) and nothing of
/// the build gate. A claimant that finds the work running for another claimant publishes it
/// in the gate as the owner's build, under this table's lock (so the owner cannot finish
/// meanwhile), and waits there: the gate's wait-for graph then holds that wait as if the owner
/// had claimed the work in the gate itself, so a wait that would close a cycle is refused and
/// a slow one is reported. The owner, finishing, ends the gate's build if it was published.
/// `OnceTableTests` guards it (and `LoadWaitTests`, `ConcurrentAppendTests` through appends).
package final class OnceTable: Sendable {
    private enum Status {
        /// Running for `owner`; `isPublished` once a waiter published it in the gate.
        case running(owner: Int, isPublished: Bool)
        case done
    }

    private let state = Protected(QuickTable<ObjectIdentifier, Status>())

    package init() {}

    /// Whether the work of `id` is done.
    package func isDone(_ id: ObjectIdentifier) -> Bool {
        state.withLock { table in if case .done? = table[id] { true } else { false } }
    }

    /// Starts the work of `id` for `claimant`, unless it is done (`.instance`) or running:
    /// running for the claimant itself, it is a cyclic claim (`.cycle`); running for another
    /// claimant, `publish(key, owner)` claims it in the gate (under this table's lock).
    func start(
        _ id: ObjectIdentifier, by claimant: Int, publish: (_ key: BuildKey, _ owner: Int) -> BuildGate.Claim
    ) -> BuildGate.Claim {
        let key = BuildKey(ObjectIdentifier(self), index: Int(bitPattern: UInt(bitPattern: id)))
        return state.withLock { table in
            switch table.insertIfAbsent(id, .running(owner: claimant, isPublished: false)) {
            case nil:
                return .build(BuildGate.BuildTicket(key: key, owner: claimant))
            case .done?:
                return .instance(self)
            case .running(let owner, _)? where owner == claimant:
                return .cycle([])
            case .running(let owner, _)?:
                table.set(id, .running(owner: owner, isPublished: true))
                return publish(key, owner)
            }
        }
    }

    /// Marks the work of `id` done; returns whether it was published in the gate, whose build
    /// the owner must then finish.
    func finish(_ id: ObjectIdentifier) -> Bool {
        state.withLock { table in
            table.modify(id, default: .done) { status in
                defer { status = .done }
                guard case .running(_, let isPublished) = status else { return false }
                return isPublished
            }
        }
    }
}
