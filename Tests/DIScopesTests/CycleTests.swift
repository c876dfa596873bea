import DICore
import DIScopes
import Dispatch
import Synchronization
import TestSupport
import Testing

@Suite struct CycleTests {
    @Test func cycleThroughScopedComponentsIsAnError() throws {
        let scope = DIScope(name: "cycle", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Ping.init).lifetime(.custom(scope))
        container.register(Pong.init).lifetime(.custom(scope))
        let error = try #require(throws: DIError.self) { try container.resolve(Ping.self) }
        #expect(error.code == .cycle)
        let names = error.cycle.map { String(describing: $0.type) }
        #expect(names == ["Ping", "Pong", "Ping"])
        #expect(error.path.map { String(describing: $0.type) } == ["Ping", "Pong"])
        // Nothing half-built is kept, and the scope still works for other components.
        container.register(Session.init).lifetime(.custom(scope))
        #expect(try container.resolve(Session.self) === container.resolve(Session.self))
    }

    @Test func cycleThroughOneScopedComponentIsAnError() throws {
        let scope = DIScope(name: "cycle", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Ping.init).lifetime(.custom(scope))
        container.register(Pong.init)
        let error = try #require(throws: DIError.self) { try container.resolve(Pong.self) }
        #expect(error.code == .cycle)
        let names = error.cycle.map { String(describing: $0.type) }
        #expect(names.first == names.last)
        #expect(Set(names) == ["Ping", "Pong"])
    }

    @Test func factoryResolvingItselfFromItsContainerIsAnError() throws {
        let scope = DIScope(name: "cycle", storage: DICacheStorage())
        let container = DIContainer()
        // A factory that asks the container again starts a new resolve on the same thread.
        container.register { [unowned container] () throws -> Session in
            _ = try container.resolve(Session.self)
            return Session()
        }
        .lifetime(.custom(scope))
        let error = try #require(throws: DIError.self) { try container.resolve(Session.self) }
        #expect(error.code == .cycle)
        #expect(error.cycle.count == 2)
    }

    @Test func threadsWaitingForEachOtherGetACycleErrorNotADeadlock() throws {
        for _ in 0..<20 {
            let scope = DIScope(name: "cycle", storage: DICacheStorage())
            let container = DIContainer()
            let barrier = Barrier(parties: 2)
            // Each factory starts, waits until the other has started too, then asks for the
            // other component: each thread then needs what the other is building.
            container.register { (pong: Provider<Pong>) throws -> Ping in
                barrier.arriveAndWait()
                return Ping(pong: try pong.resolve())
            }
            .lifetime(.custom(scope))
            container.register { (ping: Provider<Ping>) throws -> Pong in
                barrier.arriveAndWait()
                return Pong(ping: try ping.resolve())
            }
            .lifetime(.custom(scope))
            let codes = Collector<String>()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do {
                    if index == 0 { _ = try container.resolve(Ping.self) } else { _ = try container.resolve(Pong.self) }
                    codes.append("resolved")
                } catch {
                    codes.append((error as? DIError)?.code.description ?? "\(error)")
                }
            }
            #expect(codes.all == ["cycle", "cycle"])
        }
    }
}
