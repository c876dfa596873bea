import DICore
import DILifetime
import DIModules
import Dispatch
import Synchronization
import Testing

// MARK: - Issue 25, point 2: a framework load waited outside the gate

/// Where the two threads of one race meet: one per container.
private final class LoadRace: Sendable {
    let xBuilding = DispatchSemaphore(value: 0)
    let loadRunning = DispatchSemaphore(value: 0)
    let loadOutcome = Protected<DIError.Code??>(nil)

    static func of(_ container: DIContainer) -> LoadRace {
        container.extensionState(LoadRace.self) { LoadRace() }
    }
}

private final class RaceX: Sendable {}

/// A framework whose load resolves `RaceX` once the thread building `RaceX` is inside its
/// factory.
private final class RaceFramework: DIFramework {
    static func load(container: DIContainer) {
        let race = LoadRace.of(container)
        race.loadRunning.signal()
        race.xBuilding.wait()
        do throws(DIError) {
            _ = try container.resolve(RaceX.self)
            race.loadOutcome.withLock { $0 = .some(nil) }
        } catch {
            race.loadOutcome.withLock { $0 = .some(error.code) }
        }
    }
}

@Suite struct LoadWaitTests {
    /// A cached `RaceX` whose factory appends `RaceFramework` on one thread, and that append
    /// on another whose load resolves `RaceX`.
    ///
    /// Each waited for the other forever. The load's
    /// wait is now a wait of the gate's graph, so one side is `.cycle` (a skipped append or a
    /// failed resolve) and both finish.
    @Test func appendInsideAFactoryRacingALoadThatResolvesItFinishes() throws {
        let container = DIContainer()
        let race = LoadRace.of(container)
        container.register { (resolver: DIContainer) -> RaceX in
            race.xBuilding.signal()
            race.loadRunning.wait()
            resolver.append(framework: RaceFramework.self)
            return RaceX()
        }
        .lifetime(.perContainer(.strong))
        let finished = DispatchGroup()
        let resolveOutcome = Protected<DIError.Code??>(nil)
        finished.enter()
        ThreadStarter {
            do throws(DIError) {
                _ = try container.resolve(RaceX.self)
                resolveOutcome.withLock { $0 = .some(nil) }
            } catch {
                resolveOutcome.withLock { $0 = .some(error.code) }
            }
            finished.leave()
        }.start()
        finished.enter()
        ThreadStarter {
            container.append(framework: RaceFramework.self)
            finished.leave()
        }.start()
        // The watchdog: a hang fails here after 60 s instead of stopping the run.
        try #require(finished.wait(timeout: .now() + 60) == .success, "the resolve and the append wait for each other")
        let resolved = try #require(resolveOutcome.withLock { $0 })
        let loaded = try #require(race.loadOutcome.withLock { $0 })
        #expect(resolved == nil || resolved == .cycle)
        #expect(loaded == nil || loaded == .cycle)
        // Either way the factory returns: its append is skipped as cyclic, or waits for a load
        // whose resolve failed with `.cycle`.
        #expect(resolved == nil)
        #expect(container.resolve() as RaceX? != nil)
    }

    /// The same race with the factory's append made inside `DIContainer.detached { }`.
    ///
    /// Issue 36, point 5: that append started a chain of its own, which the gate did not know
    /// the factory's resolve waits for, and both threads waited for ever. It is nested in the
    /// interrupted resolve now, as a detached resolve is, so the race ends as above.
    @Test func anAppendInsideDetachedInAFactoryRacingALoadThatResolvesItFinishes() throws {
        let container = DIContainer()
        let race = LoadRace.of(container)
        container.register { (resolver: DIContainer) -> RaceX in
            race.xBuilding.signal()
            race.loadRunning.wait()
            DIContainer.detached { resolver.append(framework: RaceFramework.self) }
            return RaceX()
        }
        .lifetime(.perContainer(.strong))
        let finished = DispatchGroup()
        let resolveOutcome = Protected<DIError.Code??>(nil)
        finished.enter()
        ThreadStarter {
            do throws(DIError) {
                _ = try container.resolve(RaceX.self)
                resolveOutcome.withLock { $0 = .some(nil) }
            } catch {
                resolveOutcome.withLock { $0 = .some(error.code) }
            }
            finished.leave()
        }.start()
        finished.enter()
        ThreadStarter {
            container.append(framework: RaceFramework.self)
            finished.leave()
        }.start()
        // The watchdog: a hang fails here after 60 s instead of stopping the run.
        try #require(finished.wait(timeout: .now() + 60) == .success, "the resolve and the append wait for each other")
        let resolved = try #require(resolveOutcome.withLock { $0 })
        let loaded = try #require(race.loadOutcome.withLock { $0 })
        #expect(resolved == nil)
        #expect(loaded == nil || loaded == .cycle)
        #expect(container.resolve() as RaceX? != nil)
    }
}

// MARK: - Issue 36, point 5: the same race through each kind of load and each door

/// Where one race's two threads meet: the load waits until the factory runs, and the factory
/// until the load runs, so the factory's append always finds the load running.
private final class Meeting: Sendable {
    let factoryRunning = DispatchSemaphore(value: 0)
    let loadRunning = DispatchSemaphore(value: 0)
    static func of(_ container: DIContainer) -> Meeting { container.extensionState(Meeting.self) { Meeting() } }
    func inLoad() {
        loadRunning.signal()
        factoryRunning.wait()
    }
    func inFactory() {
        factoryRunning.signal()
        loadRunning.wait()
    }
}

private final class SingleX: Sendable {}
private final class PartX: Sendable {}
private final class NestedX: Sendable {}
private final class ChainX: Sendable {}
private final class ChainY: Sendable {}
private final class ChainZ: Sendable {}
private final class AwaitedX: Sendable {}

private final class SingleFramework: DIFramework {
    static func load(container: DIContainer) {
        Meeting.of(container).inLoad()
        _ = container.resolve() as SingleX?
    }
}
private final class RacePart: DIPart {
    static func load(container: DIContainer) {
        Meeting.of(container).inLoad()
        _ = container.resolve() as PartX?
    }
}
private final class InnerFramework: DIFramework {
    static func load(container: DIContainer) {
        Meeting.of(container).inLoad()
        _ = container.resolve() as NestedX?
    }
}
private final class OuterFramework: DIFramework {
    static func load(container: DIContainer) { container.append(framework: InnerFramework.self) }
}
private final class ChainFramework: DIFramework {
    static func load(container: DIContainer) {
        Meeting.of(container).inLoad()
        _ = container.resolve() as ChainZ?
    }
}
private final class AwaitedFramework: DIFramework {
    static func load(container: DIContainer) {
        Meeting.of(container).inLoad()
        _ = container.resolve() as AwaitedX?
    }
}

/// Runs `resolve` and `append` on two threads; whether both ended within the watchdog's 60 s.
private func bothEnd(_ resolve: @escaping @Sendable () -> Void, _ append: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchGroup()
    for side in [resolve, append] {
        finished.enter()
        ThreadStarter {
            side()
            finished.leave()
        }.start()
    }
    return finished.wait(timeout: .now() + 60) == .success
}

/// A factory's append waits for another thread's load that resolves what the factory builds,
/// through each kind of load and door: the wait is in the gate's graph, so one side is
/// `.cycle` (a skipped append or a failed resolve) and both end.
@Suite struct LoadWaitShapesTests {
    @Test func aSingleComponent() {
        let container = DIContainer()
        container.register { (resolver: DIContainer) -> SingleX in
            Meeting.of(resolver).inFactory()
            resolver.append(framework: SingleFramework.self)
            return SingleX()
        }
        .lifetime(.single)
        let ended = bothEnd({ _ = container.resolve() as SingleX? }, { container.append(framework: SingleFramework.self) })
        #expect(ended)
    }

    @Test func aPart() {
        let container = DIContainer()
        container.register { (resolver: DIContainer) -> PartX in
            Meeting.of(resolver).inFactory()
            resolver.append(part: RacePart.self)
            return PartX()
        }
        .lifetime(.perContainer(.strong))
        let ended = bothEnd({ _ = container.resolve() as PartX? }, { container.append(part: RacePart.self) })
        #expect(ended)
    }

    @Test func aFrameworkAppendedByAnotherFrameworksLoad() {
        let container = DIContainer()
        container.register { (resolver: DIContainer) -> NestedX in
            Meeting.of(resolver).inFactory()
            resolver.append(framework: InnerFramework.self)
            return NestedX()
        }
        .lifetime(.perContainer(.strong))
        let ended = bothEnd({ _ = container.resolve() as NestedX? }, { container.append(framework: OuterFramework.self) })
        #expect(ended)
    }

    /// The append two factories deep, the load's resolve two factories deep.
    @Test func chainsOnBothSides() {
        let container = DIContainer()
        container.register { (resolver: DIContainer) -> ChainY in
            Meeting.of(resolver).inFactory()
            resolver.append(framework: ChainFramework.self)
            return ChainY()
        }
        container.register { (_: ChainY) in ChainX() }.lifetime(.perContainer(.strong))
        container.register { (resolver: DIContainer) -> ChainZ in
            _ = resolver.resolve() as ChainX?
            return ChainZ()
        }
        let ended = bothEnd({ _ = container.resolve() as ChainX? }, { container.append(framework: ChainFramework.self) })
        #expect(ended)
    }

    /// In a process of its own: the awaited side needs a thread of the cooperative pool, which
    /// other tests blocking there (under a sanitizer, for long) could all hold.
    @Test func anAwaitedResolve() async {
        await #expect(processExitsWith: .success) {
            let ended = await onThread { awaitedLoadRaceEnds() }
            precondition(ended, "the awaited resolve and the append wait for each other")
        }
    }
}

/// The load race with an awaited resolve on the factory's side: whether both sides end.
private func awaitedLoadRaceEnds() -> Bool {
    let container = DIContainer()
    container.register { (resolver: DIContainer) -> AwaitedX in
        Meeting.of(resolver).inFactory()
        resolver.append(framework: AwaitedFramework.self)
        return AwaitedX()
    }
    .lifetime(.perContainer(.strong))
    let awaited: @Sendable () -> Void = {
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await container.resolveAsync(AwaitedX.self)
            done.signal()
        }
        done.wait()
    }
    return bothEnd(awaited, { container.append(framework: AwaitedFramework.self) })
}
