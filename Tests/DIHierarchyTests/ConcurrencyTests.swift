import DICore
import DIHierarchy
import DILifetime
import Dispatch
import Synchronization
import TestSupport
import Testing

/// Many threads resolving through children of one parent while others make and drop children.
@Suite struct ConcurrencyTests {
    @Test func resolvingThroughChildrenWhileChildrenComeAndGo() throws {
        let parent = DIContainer()
        let built = Counter()
        parent.register { Config(name: "parent") }
        parent.register { (config: Config) -> Service in
            built.increment()
            return Service(config: config)
        }
        .lifetime(.perContainer(.strong))
        parent.register(Screen.init)

        let shared = Protected<[DIContainer]>(
            (0..<4).map { index in
                let child = DIContainer(parent: parent)
                child.register { Config(name: "child \(index)") }
                return child
            })
        let failures = Atomic(0)
        let released = Atomic(0)
        let iterations = 64

        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            if index % 2 == 0 {
                // Resolve through the long-lived children, which other threads replace.
                for round in 0..<50 {
                    let child = shared.withLock { $0[(index + round) % $0.count] }
                    guard let screen = try? child.resolve(Screen.self),
                        screen.service.config.name == "parent",
                        screen.config.name.hasPrefix("child"),
                        let configs = try? child.resolveAll(Config.self),
                        configs.count == 2, configs.last?.name == "parent"
                    else {
                        failures.wrappingAdd(1, ordering: .relaxed)
                        continue
                    }
                }
            } else {
                // Make a child, register in it, resolve through it, and drop it.
                weak var weakChild: DIContainer?
                do {
                    let child = DIContainer(parent: parent)
                    weakChild = child
                    child.register { Config(name: "child \(index)") }
                    child.register(B.init).lifetime(.perContainer(.strong))
                    let screen = try? child.resolve(Screen.self)
                    if screen?.config.name != "child \(index)" || child.resolve() as B? == nil {
                        failures.wrappingAdd(1, ordering: .relaxed)
                    }
                    // Swap it into the shared list now and then, so long-lived children change too.
                    if index % 8 == 1 {
                        shared.withLock { $0[index % $0.count] = child }
                    }
                }
                if index % 8 != 1 && weakChild == nil { released.wrappingAdd(1, ordering: .relaxed) }
            }
        }

        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(released.load(ordering: .relaxed) == iterations / 2 - iterations / 8)
        #expect(built.count == 1)
    }
}
