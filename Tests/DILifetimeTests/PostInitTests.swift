import DICore
import DILifetime
import Synchronization
import TestSupport
import Testing

private final class Home {
    let room: Room
    let seen = Mutex<[String]>([])
    init(room: Room) { self.room = room }
}

private final class Room {
    var home: Home?
    let seen = Mutex<[String]>([])
    init() {}
}

private final class Lamp {
    let on = Mutex(false)
    init() {}
}

private final class Loader: Sendable {
    let loaded = Mutex<[String]>([])
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
