import DICore

/// What one container knows of its parts and frameworks: which are loaded, and which
/// frameworks import which.
///
/// Attached to the container with `extensionState`. The lock guards the imports only; loads
/// run once through the package's build gate, in ``loads``, with no lock held.
final class ModuleState: Sendable {
    /// One `import` call: who imported what, and where.
    struct ImportRecord: Sendable {
        /// The importing framework.
        let importer: Any.Type
        let imported: any DIFramework.Type
        let site: String
    }

    /// Every import made in this container (what each framework imports, and for validation's
    /// check that each imported framework is appended), and whether the container has the
    /// framework preference.
    private let state = Protected((importRecords: [ImportRecord](), hasPreference: false))

    /// The parts and frameworks loaded and loading, by type (`isDone(_:)`: loaded).
    let loads = OnceTable()

    /// Records that `importer` imports `imported`, at `site`.
    ///
    /// - Returns: Whether it is the first import recorded: the caller then adds the
    ///   validation check of imports to the container.
    func recordImport(_ record: ImportRecord) -> Bool {
        state.withLock { state in
            state.importRecords.append(record)
            return state.importRecords.count == 1
        }
    }

    /// Every import made in this container, in order.
    var importRecords: [ImportRecord] { state.withLock { $0.importRecords } }

    /// The frameworks `framework` imports directly.
    func imports(of framework: ObjectIdentifier) -> Set<ObjectIdentifier> {
        Set(importRecords.lazy.filter { ObjectIdentifier($0.importer) == framework }.map { ObjectIdentifier($0.imported) })
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
    var moduleState: ModuleState { extensionState(ModuleState.self) { ModuleState() } }
}
