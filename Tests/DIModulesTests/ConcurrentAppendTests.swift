import DICore
import DIModules
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite struct ConcurrentAppendTests {
    @Test func duplicateAppendsFromManyThreadsLoadOnce() {
        for _ in 0..<20 {
            let container = DIContainer()
            let missing = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                if index.isMultiple(of: 2) {
                    container.append(framework: FrameworkA.self)
                } else {
                    container.append(part: FrameworkA.self)
                }
                // A duplicate append waits for the load in progress: the components are there.
                let consumer: ConsumerA? = container.resolve()
                if consumer == nil { missing.add(1, ordering: .relaxed) }
            }
            #expect(Loads.count(FrameworkA.self, in: container) == 1)
            #expect(Loads.count(StorageAPart.self, in: container) == 1)
            #expect(missing.load(ordering: .relaxed) == 0)
        }
    }

    @Test func manyDifferentAppendsAtOnceEachLoadOnce() {
        let container = DIContainer()
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            switch index % 4 {
            case 0: container.append(framework: FrameworkA.self)
            case 1: container.append(framework: FrameworkB.self)
            case 2: container.append(part: LoosePart.self)
            default: container.append(part: StorageAPart.self)
            }
        }
        #expect(Loads.count(FrameworkA.self, in: container) == 1)
        #expect(Loads.count(FrameworkB.self, in: container) == 1)
        #expect(Loads.count(LoosePart.self, in: container) == 1)
        #expect(Loads.count(StorageAPart.self, in: container) == 1)
    }

    @Test func cyclicAppendsFromTwoThreadsDoNotDeadlock() {
        for _ in 0..<50 {
            let container = DIContainer()
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index.isMultiple(of: 2) {
                    container.append(framework: CycleOne.self)
                } else {
                    container.append(framework: CycleTwo.self)
                }
            }
            #expect(Loads.count(CycleOne.self, in: container) == 1)
            #expect(Loads.count(CycleTwo.self, in: container) == 1)
        }
    }

    @Test func crossedCyclicAppendsOnTwoThreadsFinish() throws {
        let container = DIContainer()
        let finished = DispatchGroup()
        for framework: any DIFramework.Type in [CrossOne.self, CrossTwo.self] {
            finished.enter()
            Thread {
                container.append(framework: framework)
                finished.leave()
            }.start()
        }
        // A deadlock guard, not synchronization: both loads wait for each other's start.
        try #require(finished.wait(timeout: .now() + 30) == .success)
        #expect(Loads.count(CrossOne.self, in: container) == 1)
        #expect(Loads.count(CrossTwo.self, in: container) == 1)
        let a: StorageA? = container.resolve()
        let b: StorageB? = container.resolve()
        #expect(a != nil && b != nil)
    }
}
