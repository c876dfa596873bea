import DICore
import DIModules
import Dispatch
import Synchronization

// MARK: - Load counting

/// How many times each part or framework was loaded into a container, kept in the container.
final class Loads: Sendable {
    private let counts = Protected<[ObjectIdentifier: Int]>([:])

    private static func of(_ container: DIContainer) -> Loads {
        container.extensionState(Loads.self) { Loads() }
    }

    static func record(_ type: Any.Type, in container: DIContainer) {
        of(container).counts.withLock { $0[ObjectIdentifier(type), default: 0] += 1 }
    }

    static func count(_ type: Any.Type, in container: DIContainer) -> Int {
        of(container).counts.withLock { $0[ObjectIdentifier(type)] ?? 0 }
    }
}

// MARK: - Two frameworks that both provide a Storage, and their consumers

protocol Storage: AnyObject {}
final class StorageA: Storage { init() {} }
final class StorageB: Storage { init() {} }
final class StorageE1: Storage { init() {} }
final class StorageE2: Storage { init() {} }

final class ConsumerA {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerB {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerC {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerD {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerE {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerF {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerG {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerH {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}
final class ConsumerLoose {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}

/// Framework A: its storage comes from a part it appends.
final class StorageAPart: DIPart {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.register(StorageA.init).as((any Storage).self)
    }
}

final class FrameworkA: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.append(part: StorageAPart.self)
        container.register(ConsumerA.init)
    }
}

/// Framework B: registers its storage itself.
final class FrameworkB: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.register(StorageB.init).as((any Storage).self)
        container.register(ConsumerB.init)
    }
}

/// Framework C: imports B, has no storage of its own.
final class FrameworkC: DIFramework {
    static func load(container: DIContainer) {
        container.import(FrameworkB.self)
        container.register(ConsumerC.init)
    }
}

/// Framework D: imports nothing, has no storage of its own.
final class FrameworkD: DIFramework {
    static func load(container: DIContainer) {
        container.register(ConsumerD.init)
    }
}

/// Framework E: two storages of its own.
final class FrameworkE: DIFramework {
    static func load(container: DIContainer) {
        container.register(StorageE1.init).as((any Storage).self)
        container.register(StorageE2.init).as((any Storage).self)
        container.register(ConsumerE.init)
    }
}

/// Framework F: imports C, which imports B (imports are not transitive).
final class FrameworkF: DIFramework {
    static func load(container: DIContainer) {
        container.import(FrameworkC.self)
        container.register(ConsumerF.init)
    }
}

/// Framework G appends framework H, and only then imports B: the importer is still G.
final class FrameworkG: DIFramework {
    static func load(container: DIContainer) {
        container.append(framework: FrameworkH.self)
        container.import(FrameworkB.self)
        container.register(ConsumerG.init)
    }
}

final class FrameworkH: DIFramework {
    static func load(container: DIContainer) {
        container.register(ConsumerH.init)
    }
}

/// A part appended by framework I that imports A on the framework's behalf.
final class ImportingPart: DIPart {
    static func load(container: DIContainer) {
        container.import(FrameworkA.self)
    }
}

final class ConsumerI {
    let storage: any Storage
    init(storage: any Storage) { self.storage = storage }
}

final class FrameworkI: DIFramework {
    static func load(container: DIContainer) {
        container.append(part: ImportingPart.self)
        container.register(ConsumerI.init)
    }
}

/// A part appended outside any framework.
final class LoosePart: DIPart {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.register(ConsumerLoose.init)
    }
}

/// A part that calls import, which only a framework's load may do.
final class MisplacedImportPart: DIPart {
    static func load(container: DIContainer) {
        container.import(FrameworkB.self)
    }
}

// MARK: - Cyclic appends

final class CycleOne: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.append(framework: CycleTwo.self)
        container.register(StorageA.init)
    }
}

final class CycleTwo: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.append(framework: CycleOne.self)
        container.register(StorageB.init)
    }
}

/// A part that appends itself.
final class SelfAppendingPart: DIPart {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        container.append(part: SelfAppendingPart.self)
    }
}

// MARK: - Helpers

extension DIContainer {
    /// The published component of type `T`, if one is registered.
    func component<T>(of type: T.Type) -> Component? {
        allComponents().first { ObjectIdentifier($0.type) == ObjectIdentifier(T.self) }
    }
}

// MARK: - Cyclic appends started on two threads at once

/// Lets `CrossOne` and `CrossTwo` each know the other's load has started.
final class Handshake: Sendable {
    let oneStarted = DispatchSemaphore(value: 0)
    let twoStarted = DispatchSemaphore(value: 0)

    static func of(_ container: DIContainer) -> Handshake {
        container.extensionState(Handshake.self) { Handshake() }
    }
}

/// Appends `CrossTwo` only once `CrossTwo`'s load is running on another thread.
final class CrossOne: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        let handshake = Handshake.of(container)
        handshake.oneStarted.signal()
        handshake.twoStarted.wait()
        container.append(framework: CrossTwo.self)
        container.register(StorageA.init)
    }
}

/// Appends `CrossOne` only once `CrossOne`'s load is running on another thread.
final class CrossTwo: DIFramework {
    static func load(container: DIContainer) {
        Loads.record(Self.self, in: container)
        let handshake = Handshake.of(container)
        handshake.twoStarted.signal()
        handshake.oneStarted.wait()
        container.append(framework: CrossOne.self)
        container.register(StorageB.init)
    }
}
