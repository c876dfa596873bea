import DICore
import DILifetime
import Synchronization
import TestSupport
import Testing

private final class Home {
    let room: Room
    let seen = Protected<[String]>([])
    init(room: Room) { self.room = room }
}

private final class Room {
    var home: Home?
    let seen = Protected<[String]>([])
    init() {}
}

private final class Lamp {
    let on = Protected(false)
    init() {}
}

private final class Loader: Sendable {
    let loaded = Protected<[String]>([])
    init() {}
    func load(_ what: String) async { loaded.withLock { $0.append(what) } }
}

private struct Failure: Error {}

@Suite struct PostInitTests {
    @Test func postInitRunsOnceTheCycleIsClosed() throws {
        let container = DIContainer()
        container.register(Home.init).lifetime(.objectGraph)
            .postInit { home in home.seen.withLock { $0.append(home.room.home === home ? "closed" : "open") } }
        container.register(Room.init).injection(\.home)
            .postInit { room in room.seen.withLock { $0.append(room.home == nil ? "open" : "closed") } }
        let home = try container.resolve(Home.self)
        #expect(home.seen.withLock { $0 } == ["closed"])
        #expect(home.room.seen.withLock { $0 } == ["closed"])
    }

    @Test func postInitTakesResolvedParameters() throws {
        let container = DIContainer()
        container.register(Lamp.init).lifetime(.perContainer(.strong))
        container.register(Room.init).postInit { (_: Room, lamp: Lamp) in lamp.on.withLock { $0 = true } }
        _ = try container.resolve(Room.self)
        #expect(try container.resolve(Lamp.self).on.withLock { $0 })
    }

    @Test func postInitRunsOncePerInstanceCreated() throws {
        let container = DIContainer()
        let counter = Counter()
        container.register(Lamp.init).lifetime(.perContainer(.strong)).postInit { _ in counter.increment() }
        let first = try container.resolve(Lamp.self)
        let second = try container.resolve(Lamp.self)
        #expect(first === second)
        #expect(counter.count == 1)
    }

    @Test func postInitThatThrowsFailsTheResolve() throws {
        let container = DIContainer()
        container.register(Lamp.init).postInit { _ in throw Failure() }
        let error = try #require(throws: DIError.self) { try container.resolve(Lamp.self) }
        #expect(error.code == .factoryFailed)
    }

    @Test func asyncPostInitRunsInTheAwaitedResolve() async throws {
        let container = DIContainer()
        container.register(Loader.init).lifetime(.perContainer(.strong)).postInit { loader async in await loader.load("post") }
        let loader = try await container.resolve(Loader.self)
        #expect(loader.loaded.withLock { $0 } == ["post"])
        let again = try await container.resolve(Loader.self)
        #expect(again === loader)
        #expect(loader.loaded.withLock { $0 } == ["post"])
    }

    @Test func asyncInjectionRunsInTheAwaitedResolve() async throws {
        let container = DIContainer()
        container.register(Lamp.init)
        container.register(Loader.init).injection { (loader: Loader, _: Lamp) async in await loader.load("injected") }
            .postInit { loader async in await loader.load("post") }
        let loader = try await container.resolve(Loader.self)
        #expect(loader.loaded.withLock { $0 } == ["injected", "post"])
    }

    @Test func synchronousResolveOfAnAsyncPostInitComponentRequiresAsyncAndBuildsNothing() throws {
        let container = DIContainer()
        let counter = Counter()
        container.register { () -> Loader in
            counter.increment()
            return Loader()
        }
        .lifetime(.perContainer(.strong))
        .postInit { loader async in await loader.load("post") }
        let error = try #require(throws: DIError.self) { try container.resolve(Loader.self) }
        #expect(error.code == .requiresAsync)
        #expect(counter.count == 0)
    }

    @Test func validationSeesPostInitDependencies() {
        let container = DIContainer()
        container.register(Room.init).postInit { (_: Room, _: Lamp) in }
        #expect(container.validate().errors.map(\.kind) == [.missingDependency])
    }
}

// MARK: - Issue 25, point 9: dependencies' postInit first

private final class Owner: @unchecked Sendable {
    // NB: @unchecked: set once by the resolve's injection, before the instance is handed out.
    var dependency: Needed?
    init() {}
}
private final class Needed: Sendable { init() {} }

private final class CycleLeft: @unchecked Sendable {
    // NB: @unchecked: as `Owner`.
    var right: CycleRight?
    init() {}
}
private final class CycleRight: @unchecked Sendable {
    // NB: @unchecked: as `Owner`.
    var left: CycleLeft?
    init() {}
}

@Suite struct PostInitOrderTests {
    /// The owner's postInit ran before that of the instance injected into its property.
    @Test func aPropertyDependencysPostInitRunsFirst() throws {
        let container = DIContainer()
        let order = Protected<[String]>([])
        container.register { Owner() }.injection(\.dependency)
            .postInit { _ in order.withLock { $0.append("owner") } }
        container.register { Needed() }
            .postInit { _ in order.withLock { $0.append("dependency") } }
        let owner = try container.resolve(Owner.self)
        #expect(owner.dependency != nil)
        #expect(order.withLock { $0 } == ["dependency", "owner"])
    }

    /// A dependency's own initializer dependency runs its postInit before it, and it before
    /// its owner.
    @Test func postInitsRunDeepestFirstThroughPropertiesAndInitializers() throws {
        let container = DIContainer()
        let order = Protected<[String]>([])
        container.register { Owner() }.injection(\.dependency)
            .postInit { _ in order.withLock { $0.append("owner") } }
        container.register { (_: Lamp) in Needed() }
            .postInit { _ in order.withLock { $0.append("dependency") } }
        container.register(Lamp.init).postInit { _ in order.withLock { $0.append("lamp") } }
        _ = try container.resolve(Owner.self)
        #expect(order.withLock { $0 } == ["lamp", "dependency", "owner"])
    }

    /// Inside a cycle closed by property injections, the instance reached last runs its
    /// postInit first; the requested one last.
    @Test func insideACycleTheRequestedInstanceRunsItsPostInitLast() throws {
        let container = DIContainer()
        let order = Protected<[String]>([])
        container.register { CycleLeft() }.lifetime(.objectGraph).injection(\.right)
            .postInit { left in order.withLock { $0.append(left.right?.left === left ? "left, closed" : "left, open") } }
        container.register { CycleRight() }.lifetime(.objectGraph).injection(\.left)
            .postInit { right in order.withLock { $0.append(right.left?.right === right ? "right, closed" : "right, open") } }
        _ = try container.resolve(CycleLeft.self)
        #expect(order.withLock { $0 } == ["right, closed", "left, closed"])
    }
}
