import DICore
import DIModules
import Testing

@Suite struct AppendTests {
    @Test func appendedPartRegistersItsComponents() {
        let container = DIContainer()
        container.append(part: StorageAPart.self)
        let storage: (any Storage)? = container.resolve()
        #expect(storage is StorageA)
    }

    @Test func appendedFrameworkRegistersItsComponentsAndParts() throws {
        let container = DIContainer()
        container.append(framework: FrameworkA.self)
        let consumer = try container.resolve(ConsumerA.self)
        #expect(consumer.storage is StorageA)
        #expect(Loads.count(StorageAPart.self, in: container) == 1)
    }

    @Test func appendingTwiceLoadsOnce() {
        let container = DIContainer()
        container.append(part: LoosePart.self)
        container.append(part: LoosePart.self)
        container.append(framework: FrameworkA.self)
        container.append(framework: FrameworkA.self)
        container.append(part: StorageAPart.self)  // already loaded by FrameworkA
        #expect(Loads.count(LoosePart.self, in: container) == 1)
        #expect(Loads.count(FrameworkA.self, in: container) == 1)
        #expect(Loads.count(StorageAPart.self, in: container) == 1)
    }

    @Test func eachContainerLoadsItsOwnCopy() {
        let first = DIContainer()
        let second = DIContainer()
        first.append(framework: FrameworkB.self)
        second.append(framework: FrameworkB.self)
        #expect(Loads.count(FrameworkB.self, in: first) == 1)
        #expect(Loads.count(FrameworkB.self, in: second) == 1)
        let storage: (any Storage)? = second.resolve()
        #expect(storage is StorageB)
    }

    @Test func frameworkAppendedAsPartIsAFramework() throws {
        let container = DIContainer()
        container.append(part: FrameworkB.self)
        container.append(framework: FrameworkB.self)
        #expect(Loads.count(FrameworkB.self, in: container) == 1)
        let origin = try #require(container.component(of: StorageB.self)?.attribute(ComponentOrigin.self))
        #expect(origin.framework == ObjectIdentifier(FrameworkB.self))
    }

    @Test func cyclicAppendsLoadEachOnce() {
        let container = DIContainer()
        container.append(framework: CycleOne.self)
        #expect(Loads.count(CycleOne.self, in: container) == 1)
        #expect(Loads.count(CycleTwo.self, in: container) == 1)
        let a: StorageA? = container.resolve()
        let b: StorageB? = container.resolve()
        #expect(a != nil && b != nil)
    }

    @Test func partAppendingItselfLoadsOnce() {
        let container = DIContainer()
        container.append(part: SelfAppendingPart.self)
        #expect(Loads.count(SelfAppendingPart.self, in: container) == 1)
    }
}
