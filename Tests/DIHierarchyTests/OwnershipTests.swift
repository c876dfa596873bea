import DICore
import DIHierarchy
import DILifetime
import Synchronization
import Testing

/// A child keeps its parent alive; a parent never keeps a child alive.
@Suite struct OwnershipTests {
    @Test func childGoesAwayWithItsPerContainerInstancesWhileTheParentLives() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }.lifetime(.perContainer(.strong))
        parent.register(Service.init).lifetime(.perContainer(.strong))
        weak var weakChild: DIContainer?
        weak var weakOwnInstance: Screen?
        weak var weakParentInstance: Service?
        do {
            let child = DIContainer(parent: parent)
            child.register(Screen.init).lifetime(.perContainer(.strong))
            let screen = try child.resolve(Screen.self)
            weakChild = child
            weakOwnInstance = screen
            weakParentInstance = screen.service
            #expect(weakChild != nil)
        }
        #expect(weakChild == nil)
        #expect(weakOwnInstance == nil)
        // The parent's instance lives in the parent, which still holds it.
        #expect(weakParentInstance != nil)
        #expect(try parent.resolve(Service.self) === weakParentInstance)
    }

    @Test func childKeepsItsParentAlive() throws {
        weak var weakParent: DIContainer?
        let child: DIContainer
        do {
            let parent = DIContainer()
            parent.register { Config(name: "parent") }
            weakParent = parent
            child = DIContainer(parent: parent)
        }
        #expect(weakParent != nil)
        #expect(try child.resolve(Config.self).name == "parent")
        #expect(child.parent === weakParent)
    }

    @Test func grandchildKeepsTheWholeChainAlive() throws {
        weak var weakRoot: DIContainer?
        weak var weakMiddle: DIContainer?
        var grandchild: DIContainer? = nil
        do {
            let root = DIContainer()
            root.register(A.init).lifetime(.perContainer(.strong))
            let middle = DIContainer(parent: root)
            weakRoot = root
            weakMiddle = middle
            grandchild = DIContainer(parent: middle)
        }
        #expect(weakRoot != nil && weakMiddle != nil)
        #expect(grandchild?.resolve() as A? != nil)
        grandchild = nil
        #expect(weakMiddle == nil)
        #expect(weakRoot == nil)
    }

    @Test func childsLifetimeEndsWhenTheChildIsDeinitialized() throws {
        let parent = DIContainer()
        let ended = Atomic(0)
        let parentEnded = Atomic(0)
        parent.lifetime.observeEnded { parentEnded.wrappingAdd(1, ordering: .relaxed) }
        var child: DIContainer? = DIContainer(parent: parent)
        let lifetime = try #require(child?.lifetime)
        lifetime.observeEnded { ended.wrappingAdd(1, ordering: .relaxed) }
        _ = child?.resolve() as A?
        #expect(!lifetime.hasEnded)
        child = nil
        #expect(lifetime.hasEnded)
        #expect(ended.load(ordering: .relaxed) == 1)
        #expect(!parent.lifetime.hasEnded)
        #expect(parentEnded.load(ordering: .relaxed) == 0)
    }

    @Test func containersLifetimeEndsAfterItsCachedInstancesAreReleased() throws {
        let events = EventLog()
        var container: DIContainer? = DIContainer()
        container?.register { Reporter(events: events) }.lifetime(.perContainer(.strong))
        _ = try container?.resolve(Reporter.self)
        container?.lifetime.observeEnded { events.append("ended") }
        container = nil
        #expect(events.entries == ["released", "ended"])
    }

    @Test func parentsCachedInstanceBuiltThroughAChildOutlivesTheChild() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Service.init).lifetime(.perContainer(.strong))
        weak var weakChild: DIContainer?
        let service: Service
        do {
            let child = DIContainer(parent: parent)
            child.register { Config(name: "child") }
            weakChild = child
            service = try child.resolve(Service.self)
        }
        #expect(weakChild == nil)
        #expect(try parent.resolve(Service.self) === service)
        #expect(service.config.name == "parent")
    }
}

/// Hierarchy and validation.
@Suite struct ValidationNoteTests {
    @Test func validationWarnsOnceThatItCannotVouchForAChild() {
        let root = DIContainer()
        let child = DIContainer(parent: root)
        let grandchild = DIContainer(parent: child)
        #expect(root.validate().warnings.isEmpty)
        let warnings = grandchild.validate().warnings.filter { $0.kind == .containerHierarchy }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("cannot vouch for containers made later") == true)
        #expect(grandchild.validate().isValid)
    }
}

/// What happened, in order.
private final class EventLog: Sendable {
    private let storage = Protected<[String]>([])
    var entries: [String] { storage.withLock { $0 } }
    func append(_ event: String) { storage.withLock { $0.append(event) } }
}

/// Notes its release in a log.
private final class Reporter: Sendable {
    let events: EventLog
    init(events: EventLog) { self.events = events }
    deinit { events.append("released") }
}
