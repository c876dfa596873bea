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
    let loadOutcome = Mutex<DIError.Code??>(nil)

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
        let resolveOutcome = Mutex<DIError.Code??>(nil)
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
        let resolveOutcome = Mutex<DIError.Code??>(nil)
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
