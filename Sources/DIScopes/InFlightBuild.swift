import DICore

/// Identifies the instance of one component (its identity's integer) in one scope.
struct BuildKey: Hashable {
    let scope: ObjectIdentifier
    let site: Int
}

/// One instance being built for a scope.
///
/// The building thread locks ``gate`` before it publishes the build and keeps it locked while
/// the factory runs; a thread that wants the same instance locks the gate too, which returns
/// once the build is over, and then takes ``result``.
final class InFlightBuild: Sendable {
    let key: BuildKey
    /// The building thread.
    let owner: UInt
    /// The component being built, for cycle errors.
    let component: DIComponentInfo
    /// Locked by the building thread for the whole build.
    let gate = Protected(())
    private let built = Protected<DIStorageEntry?>(nil)

    init(key: BuildKey, owner: UInt, component: DIComponentInfo) {
        self.key = key
        self.owner = owner
        self.component = component
    }

    /// The instance built (a strong entry), or `nil` if the build failed; read it after the
    /// gate opens.
    var result: DIStorageEntry? { built.withLock { $0 } }

    /// Records the instance built, before the gate opens.
    func succeed(with entry: DIStorageEntry) {
        built.withLock { $0 = entry }
    }
}
