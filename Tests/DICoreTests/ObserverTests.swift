import DICore
import Synchronization
import Testing

/// Records what it observes; each test has its own.
private final class Recorder: DIObserver {
    let registered = Protected<[String]>([])
    let created = Protected<[(name: String, duration: Duration, depth: Int)]>([])
    let resolved = Protected<[(name: String, failed: Bool)]>([])

    func container(_ container: DIContainer, didRegister component: DIComponentInfo) {
        registered.withLock { $0.append(String(describing: component.type)) }
    }

    func container(_ container: DIContainer, didResolve type: Any.Type, in duration: Duration, error: DIError?) {
        resolved.withLock { $0.append((String(describing: type), error != nil)) }
    }

    func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int) {
        created.withLock { $0.append((String(describing: component.type), duration, depth)) }
    }

    /// What was built and how long each took, as a table.
    var table: String {
        created.withLock { rows in
            rows.map { String(repeating: "  ", count: $0.depth) + "\($0.name)  \($0.duration)" }.joined(separator: "\n")
        }
    }
}

private final class Launch {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
}

private class Vehicle { init() {} }
private final class Car: Vehicle, @unchecked Sendable {}

@Suite struct ObserverTests {
    /// A class type's top-level build is compiled once for every type; the observers are
    /// still told the type asked for: an exposure's, a failed component's.
    @Test func observerSeesTheRequestedClassTypeOfATopLevelBuild() throws {
        let container = DIContainer()
        let recorder = Recorder()
        container.addObserver(recorder)
        container.register(Car.init).as(Vehicle.self)
        container.register(Owner.init)
        _ = try container.resolve(Vehicle.self)
        _ = try? container.resolve(Owner.self)
        #expect(recorder.resolved.withLock { $0.map(\.name) } == ["Vehicle", "Owner"])
        #expect(recorder.resolved.withLock { $0.map(\.failed) } == [false, true])
    }

    @Test func observerSeesRegistrationsCreationsAndResolves() throws {
        let container = DIContainer()
        let recorder = Recorder()
        container.addObserver(recorder)
        container.register(Cat.init).lifetime(.prototype)
        container.register(Owner.init)
        container.register(Launch.init)
        _ = try container.resolve(Launch.self)
        #expect(recorder.registered.withLock { $0 } == ["Cat", "Owner", "Launch"])
        let created = recorder.created.withLock { $0.map { "\($0.name)@\($0.depth)" } }
        #expect(created == ["Cat@2", "Owner@1", "Launch@0"])
        #expect(recorder.created.withLock { $0.allSatisfy { $0.duration >= .zero } })
        #expect(recorder.table.contains("    Cat"))
        #expect(recorder.resolved.withLock { $0.map(\.name) } == ["Launch"])
        _ = try? container.resolve(Dog.self)
        #expect(recorder.resolved.withLock { $0.last?.failed } == true)
    }

    /// The info an observer is told at registration names the component as every later report
    /// does: two registrations from one line are told apart by their ordinal.
    @Test func registrationInfoCarriesTheOrdinalLaterReportsShow() throws {
        final class InfoRecorder: DIObserver {
            let registered = Protected<[DIComponentInfo]>([])
            let created = Protected<[DIComponentInfo]>([])
            func container(_ container: DIContainer, didRegister component: DIComponentInfo) {
                registered.withLock { $0.append(component) }
            }
            func container(_ container: DIContainer, didCreate component: DIComponentInfo, in duration: Duration, depth: Int) {
                created.withLock { $0.append(component) }
            }
        }
        let container = DIContainer()
        let recorder = InfoRecorder()
        container.addObserver(recorder)
        for name in ["first", "second"] { container.register(Cat.init).named(name) }
        _ = try container.resolve(Cat.self, name: "first")
        _ = try container.resolve(Cat.self, name: "second")
        let registered = recorder.registered.withLock { $0 }
        #expect(registered.map(\.ordinal) == [0, 1])
        #expect(registered == recorder.created.withLock { $0 })
    }

    @Test func removedObserverSeesNothingMore() throws {
        let container = DIContainer()
        let recorder = Recorder()
        container.addObserver(recorder)
        container.register(Cat.init)
        container.removeObserver(recorder)
        _ = try container.resolve(Cat.self)
        #expect(recorder.created.withLock { $0.isEmpty })
    }

    @Test func anotherContainersObserverSeesNothing() throws {
        let observed = DIContainer()
        let recorder = Recorder()
        observed.addObserver(recorder)
        let other = DIContainer()
        other.register(Cat.init)
        _ = try other.resolve(Cat.self)
        #expect(recorder.created.withLock { $0.isEmpty })
        #expect(recorder.resolved.withLock { $0.isEmpty })
    }

    @Test func awaitedResolvesAreObservedToo() async throws {
        let container = DIContainer()
        let recorder = Recorder()
        container.addObserver(recorder)
        container.register { () async -> Point in Point(x: 1, y: 2) }
        _ = try await container.resolve(Point.self)
        #expect(recorder.created.withLock { $0.map(\.name) } == ["Point"])
        #expect(recorder.resolved.withLock { $0.map(\.name) } == ["Point"])
    }

    @Test func observersComeAndGoWhileManyTasksResolve() async throws {
        let container = DIContainer()
        container.register(Point.init(x:y:))
        container.register { Point(x: 0, y: 0) }.named("origin")
        let recorders = (0..<8).map { _ in Recorder() }
        await withTaskGroup(of: Void.self) { group in
            for recorder in recorders {
                group.addTask {
                    container.addObserver(recorder)
                    container.removeObserver(recorder)
                }
            }
            for _ in 0..<64 {
                group.addTask { _ = try? container.resolve(Point.self, name: "origin") }
            }
        }
        let late = Recorder()
        container.addObserver(late)
        _ = try await container.resolveAsync(Point.self, name: "origin")
        #expect(late.created.withLock { $0.count } == 1)
    }
}
