import DICore
import DIModules
import Synchronization
import Testing

@Suite struct OriginTests {
    @Test func partInsideFrameworkBelongsToBoth() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let origin = try #require(container.component(of: StorageA.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == ObjectIdentifier(StorageAPart.self))
        #expect(origin.framework == ObjectIdentifier(FrameworkA.self))
        #expect(
            origin.originDescription
                == "framework \(String(reflecting: FrameworkA.self)), part \(String(reflecting: StorageAPart.self))")
    }

    @Test func frameworksOwnRegistrationHasNoPart() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let origin = try #require(container.component(of: ConsumerA.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == nil)
        #expect(origin.framework == ObjectIdentifier(FrameworkA.self))
    }

    @Test func partOutsideFrameworkHasNoFramework() throws {
        let container = DIContainer()
        container.append(part: LoosePart.self)
        let origin = try #require(container.component(of: ConsumerLoose.self)?.attribute(ComponentOrigin.self))
        #expect(origin.part == ObjectIdentifier(LoosePart.self))
        #expect(origin.framework == nil)
        #expect(origin.originDescription == "part \(String(reflecting: LoosePart.self))")
    }

    @Test func frameworkAppendedInsideAnotherIsItsOwn() throws {
        let container = DIContainer()
        container.append(framework: FrameworkG.self)
        let inner = try #require(container.component(of: ConsumerH.self)?.attribute(ComponentOrigin.self))
        let outer = try #require(container.component(of: ConsumerG.self)?.attribute(ComponentOrigin.self))
        #expect(inner.framework == ObjectIdentifier(FrameworkH.self))
        #expect(outer.framework == ObjectIdentifier(FrameworkG.self))
    }

    @Test func registrationsOutsideAnyLoadHaveNoOrigin() throws {
        let container = DIContainer()
        container.append(framework: FrameworkB.self)
        container.register(StorageA.init)
        let component = try #require(container.component(of: StorageA.self))
        #expect(component.attribute(ComponentOrigin.self) == nil)
        #expect(component.info.origin == nil)
    }

    @Test func componentInfoNamesPartAndFramework() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let info = try #require(container.component(of: StorageA.self)?.info)
        let expected = "framework \(String(reflecting: FrameworkA.self)), part \(String(reflecting: StorageAPart.self))"
        #expect(info.origin == expected)
        #expect(info.description.hasSuffix("[\(expected)]"))
    }

    /// A task made inside a framework's load keeps the load's attributes and frame (one
    /// task-local value), also once the load has ended: what it registers and the parts it
    /// appends belong to the framework.
    @Test func aTaskMadeInsideAFrameworksLoadBelongsToTheFramework() async throws {
        let container = DIContainer()
        container.append(framework: TaskMakingFramework.self)
        let task = try #require(TaskMakingFramework.task(of: container))
        await task.value
        let registered = try #require(container.component(of: MadeInATask.self)?.attribute(ComponentOrigin.self))
        #expect(registered.framework == ObjectIdentifier(TaskMakingFramework.self))
        #expect(registered.part == nil)
        let appended = try #require(container.component(of: ConsumerLoose.self)?.attribute(ComponentOrigin.self))
        #expect(appended.framework == ObjectIdentifier(TaskMakingFramework.self))
        #expect(appended.part == ObjectIdentifier(LoosePart.self))
    }
}

final class MadeInATask: Sendable { init() {} }

/// A framework whose load makes a task that registers and appends, and does not wait for it.
final class TaskMakingFramework: DIFramework {
    /// The task a load made in a container.
    private final class Made: Sendable {
        let task = Protected<Task<Void, Never>?>(nil)
    }

    static func load(container: DIContainer) {
        let task = Task {
            container.register { MadeInATask() }
            container.append(part: LoosePart.self)
        }
        container.extensionState(Made.self) { Made() }.task.withLock { $0 = task }
    }

    /// The task the load made in `container`, if it ran.
    static func task(of container: DIContainer) -> Task<Void, Never>? {
        container.extensionState(Made.self) { Made() }.task.withLock { $0 }
    }
}
