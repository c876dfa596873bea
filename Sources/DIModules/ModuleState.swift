import DICore

/// What one container knows of its parts and frameworks: which are loaded, and which
/// frameworks import which.
///
/// Attached to the container with `extensionState`. The lock guards bookkeeping only; loads
/// run once through the package's build gate (see ``ModuleCell``), with no lock held.
final class ModuleState: Sendable {
    private struct State {
        var loaded = IdentifierSet()
        /// The frameworks each framework imports.
        var imports: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        var hasPreference = false
        /// Every import made in this container, for validation's check that each imported
        /// framework is appended.
        var importRecords: [ImportRecord] = []
    }

    /// One `import` call: who imported what, and where.
    struct ImportRecord: Sendable {
        /// The importing framework.
        let importer: ObjectIdentifier
        /// Its type's name, for messages.
        let importerName: String
        let imported: any DIFramework.Type
        let site: String
    }

    private let state = Protected(State())

    /// Marks `id` loaded.
    func markLoaded(_ id: ObjectIdentifier) {
        _ = state.withLock { $0.loaded.insert(id) }
    }

    /// Records that `importer` imports `imported`, at `site`.
    ///
    /// - Returns: Whether it is the first import recorded: the caller then adds the
    ///   validation check of imports to the container.
    func recordImport(_ record: ImportRecord) -> Bool {
        state.withLock { state in
            state.imports[record.importer, default: []].insert(ObjectIdentifier(record.imported))
            state.importRecords.append(record)
            return state.importRecords.count == 1
        }
    }

    /// Every import made in this container, in order.
    var importRecords: [ImportRecord] {
        state.withLock { $0.importRecords }
    }

    /// Whether the part or framework `id` is loaded.
    func isLoaded(_ id: ObjectIdentifier) -> Bool {
        state.withLock { $0.loaded.contains(id) }
    }

    /// The frameworks `framework` imports directly.
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

/// A part's or framework's load in one container, as the build gate sees it: done once, and
/// "built" when the container records it loaded.
struct ModuleCell: BuildCell {
    let state: ModuleState
    let id: ObjectIdentifier

    var buildKey: BuildKey { BuildKey(ObjectIdentifier(state), index: Int(bitPattern: UInt(bitPattern: id))) }
    func cached() -> AnyObject? { state.isLoaded(id) ? state : nil }
    func generation() -> Int { 0 }
    func keep(_ instance: AnyObject, builtIn generation: Int) { state.markLoaded(id) }
}
