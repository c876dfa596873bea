import DICore
import DILifetime
import DIModules
import Dispatch
import Synchronization
import TestSupport
import Testing

private final class Blocked: Sendable {}

/// Records the slow-build reports it sees and lets the blocked factory go on at the first.
private final class SlowBuildWatcher: DIObserver {
    let reports = Protected<[DISlowBuild]>([])
    let release: DispatchSemaphore
    init(release: DispatchSemaphore) { self.release = release }

    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        reports.withLock { $0.append(build) }
        release.signal()
    }
}

/// An observer that resolves the slow component from its report, and fails the process if a
/// report reaches it while it reports (the reports would nest without end).
private final class ResolvingWatcher: DIObserver {
    private struct State {
        var reporting = false
        var reports = 0
        var nested: Result<Blocked, DIError>?
    }
    private let state = Protected(State())
    let release: DispatchSemaphore
    /// Whether the nested resolve runs in `DIContainer.detached { }` (a resolve of its own),
    /// with the build released first; else inside the waiting resolve, before the release.
    let detached: Bool
    init(release: DispatchSemaphore, detached: Bool) {
        self.release = release
        self.detached = detached
    }

    var reports: Int { state.withLock { $0.reports } }
    var nested: Result<Blocked, DIError>? { state.withLock { $0.nested } }

    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        let first = state.withLock { state in
            precondition(!state.reporting, "a report made while reporting")
            state.reporting = true
            state.reports += 1
            return state.reports == 1
        }
        if first {
            let nested: Result<Blocked, DIError>
            if detached {
                nested = DIContainer.detached { Result { () throws(DIError) in try container.resolve(Blocked.self) } }
            } else {
                nested = Result { () throws(DIError) in try container.resolve(Blocked.self) }
                release.signal()
            }
            state.withLock { $0.nested = nested }
        }
        state.withLock { $0.reporting = false }
    }
}

// Issue 25, point 12: a factory that blocks until another thread resolves the component it
// builds hung with nothing said. A wait past `DIContainer.slowBuildWarning` reports.
@Suite struct SlowBuildTests {
    @Test func aLongWaitIsReportedToObserversAndGoesOn() async {
        // An exit test: the limit is process-wide, and this one is short.
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(50)
            precondition(DIContainer.slowBuildWarning == .milliseconds(50))
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = DIContainer()
            container.register { () -> Blocked in
                entered.signal()
                // Blocks until the waiting resolve's report arrives: what a factory waiting
                // for another thread's resolve of `Blocked` looks like, with the report as
                // the way out.
                release.wait()
                return Blocked()
            }
            .lifetime(.perContainer(.strong))
            let watcher = SlowBuildWatcher(release: release)
            container.addObserver(watcher)
            let builder = DispatchGroup()
            let built = Protected<Blocked?>(nil)
            DispatchQueue.global().async(group: builder) {
                built.withLock { $0 = try? container.resolve(Blocked.self) }
            }
            entered.wait()
            let waiter = DispatchGroup()
            let waited = Protected<Blocked?>(nil)
            DispatchQueue.global().async(group: waiter) {
                waited.withLock { $0 = try? container.resolve(Blocked.self) }
            }
            // The watchdog: without the report, neither resolve ever ends.
            precondition(waiter.wait(timeout: .now() + 60) == .success, "the wait was never reported")
            precondition(builder.wait(timeout: .now() + 60) == .success)
            let reports = watcher.reports.withLock { $0 }
            precondition(reports.count == 1, "one report per wait: \(reports.count)")
            let report = reports[0]
            precondition(report.component.type == Blocked.self)
            precondition(report.builderBuilds.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Blocked.self)])
            precondition(report.builderWaitsFor == nil)
            precondition(report.waited >= .milliseconds(50))
            precondition(report.description.contains("Blocked"))
            let instance = built.withLock { $0 }
            precondition(instance != nil && instance === waited.withLock { $0 }, "the waiter takes the one built")
        }
    }

    // Issue 36: a read of a `Lazy` waiting for another thread's first read of it waited
    // without a report, however long.
    @Test func aWaitForALazysFirstReadIsReported() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(50)
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = DIContainer()
            // A `.prototype`: the only build the second read can wait for is the `Lazy`'s.
            container.register { () -> Blocked in
                entered.signal()
                release.wait()
                return Blocked()
            }
            let watcher = SlowBuildWatcher(release: release)
            container.addObserver(watcher)
            let lazy: Lazy<Blocked> = container.resolve()!
            let reader = DispatchGroup()
            let first = Protected<Blocked?>(nil)
            DispatchQueue.global().async(group: reader) {
                first.withLock { $0 = try? lazy.resolvedValue() }
            }
            entered.wait()
            let waiter = DispatchGroup()
            let second = Protected<Blocked?>(nil)
            DispatchQueue.global().async(group: waiter) {
                second.withLock { $0 = try? lazy.resolvedValue() }
            }
            // The watchdog: without the report, neither read ever ends.
            precondition(waiter.wait(timeout: .now() + 60) == .success, "the wait was never reported")
            precondition(reader.wait(timeout: .now() + 60) == .success)
            let reports = watcher.reports.withLock { $0 }
            precondition(reports.count == 1, "one report per wait: \(reports.count)")
            precondition(reports[0].component.type == Blocked.self, "\(reports[0].component)")
            let value = first.withLock { $0 }
            precondition(value != nil && value === second.withLock { $0 }, "both reads take the one value")
        }
    }

    // Issue 36, point 3: an observer that resolved the slow component re-entered the wait and
    // was told again, without end.
    @Test func anObserverResolvingTheSlowComponentInItsResolveGetsACycle() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(1)
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = DIContainer()
            container.register { () -> Blocked in
                entered.signal()
                release.wait()
                return Blocked()
            }
            .lifetime(.perContainer(.strong))
            let watcher = ResolvingWatcher(release: release, detached: false)
            container.addObserver(watcher)
            let builder = DispatchGroup()
            builder.enter()
            ThreadStarter {
                defer { builder.leave() }
                _ = try? container.resolve(Blocked.self)
            }
            .start()
            entered.wait()
            let waiter = DispatchGroup()
            waiter.enter()
            ThreadStarter {
                defer { waiter.leave() }
                _ = try? container.resolve(Blocked.self)
            }
            .start()
            precondition(waiter.wait(timeout: .now() + 60) == .success, "the waiter never ended")
            precondition(builder.wait(timeout: .now() + 60) == .success, "the builder never ended")
            precondition(watcher.reports == 1, "one report: \(watcher.reports)")
            guard case .failure(let error) = watcher.nested else { preconditionFailure("no cycle: \(String(describing: watcher.nested))") }
            precondition(error.code == .cycle, "\(error)")
            precondition(error.cycle.last?.type == Blocked.self, "\(error)")
        }
    }

    @Test func aResolveOfItsOwnInAnObserverWaitsWithoutReporting() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(1)
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = DIContainer()
            container.register { () -> Blocked in
                entered.signal()
                // Slow: the build ends a while after the first report (never signaled).
                _ = release.wait(timeout: .now() + .milliseconds(200))
                return Blocked()
            }
            .lifetime(.perContainer(.strong))
            let watcher = ResolvingWatcher(release: release, detached: true)
            container.addObserver(watcher)
            let builder = DispatchGroup()
            let built = Protected<Blocked?>(nil)
            builder.enter()
            ThreadStarter {
                defer { builder.leave() }
                built.withLock { $0 = try? container.resolve(Blocked.self) }
            }
            .start()
            entered.wait()
            let waiter = DispatchGroup()
            waiter.enter()
            ThreadStarter {
                defer { waiter.leave() }
                _ = try? container.resolve(Blocked.self)
            }
            .start()
            precondition(waiter.wait(timeout: .now() + 60) == .success, "the waiter never ended")
            precondition(builder.wait(timeout: .now() + 60) == .success, "the builder never ended")
            precondition(watcher.reports == 1, "one report: \(watcher.reports)")
            guard case .success(let nested) = watcher.nested else { preconditionFailure("\(String(describing: watcher.nested))") }
            precondition(nested === built.withLock { $0 }, "the nested resolve takes the one built")
        }
    }

    // Issue 36: the timer of an awaited wait's report held the container strongly until
    // `slowBuildWarning` (5 s by default) had passed, though the wait had long ended.
    @Test func anEndedAwaitedWaitDoesNotKeepItsContainerAlive() async {
        let released = await endAnAwaitedWait()
        #expect(released, "the ended wait's report timer keeps the container")
    }

    // Issue 36, point 9: an awaited resolve waiting for another's build never reported.
    @Test func anAwaitedWaitIsReported() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(50)
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let container = DIContainer()
            container.register { () async -> Blocked in
                entered.signal()
                // Suspends until the waiting resolve's report arrives (the gate the test opens),
                // holding no cooperative thread.
                await withCheckedContinuation { (opened: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().async {
                        release.wait()
                        opened.resume()
                    }
                }
                return Blocked()
            }
            .lifetime(.perContainer(.strong))
            let watcher = SlowBuildWatcher(release: release)
            container.addObserver(watcher)
            let built = Protected<Blocked?>(nil)
            let waited = Protected<Blocked?>(nil)
            let builder = DispatchGroup()
            builder.enter()
            Task.detached {
                let instance = try? await container.resolve(Blocked.self)
                built.withLock { $0 = instance }
                builder.leave()
            }
            entered.wait()
            let waiter = DispatchGroup()
            waiter.enter()
            Task.detached {
                let instance = try? await container.resolve(Blocked.self)
                waited.withLock { $0 = instance }
                waiter.leave()
            }
            // The watchdog: without the report, neither resolve ever ends.
            precondition(waiter.wait(timeout: .now() + 60) == .success, "the awaited wait was never reported")
            precondition(builder.wait(timeout: .now() + 60) == .success)
            let reports = watcher.reports.withLock { $0 }
            precondition(reports.count == 1, "one report per wait: \(reports.count)")
            precondition(reports[0].component.type == Blocked.self)
            precondition(reports[0].load == nil)
            precondition(reports[0].builderBuilds.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(Blocked.self)])
            let instance = built.withLock { $0 }
            precondition(instance != nil && instance === waited.withLock { $0 }, "the waiter takes the one built")
        }
    }

    // Issue 36, point 9: an append waiting for another thread's load of the same framework
    // never reported.
    @Test func aWaitForALoadIsReported() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(50)
            let container = DIContainer()
            let gate = SlowLoadGate.of(container)
            let watcher = SlowBuildWatcher(release: gate.release)
            container.addObserver(watcher)
            let loader = DispatchGroup()
            loader.enter()
            ThreadStarter {
                container.append(framework: SlowFramework.self)
                loader.leave()
            }
            .start()
            gate.entered.wait()
            let appender = DispatchGroup()
            appender.enter()
            ThreadStarter {
                container.append(framework: SlowFramework.self)
                // The load is done when an append returns.
                precondition(container.resolve() as Blocked? != nil)
                appender.leave()
            }
            .start()
            // The watchdog: without the report, the load never ends.
            precondition(appender.wait(timeout: .now() + 60) == .success, "the wait for the load was never reported")
            precondition(loader.wait(timeout: .now() + 60) == .success)
            let reports = watcher.reports.withLock { $0 }
            precondition(reports.count == 1, "one report per wait: \(reports.count)")
            let report = reports[0]
            precondition(report.load == SlowFramework.self)
            precondition(report.component.type == SlowFramework.self)
            precondition(report.component.site.file.hasSuffix("SlowBuildTests.swift"), "\(report.component.site)")
            precondition(report.description.contains("load of"), report.description)
        }
    }

    @Test func theLimitCanBeTurnedOff() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = nil
            precondition(DIContainer.slowBuildWarning == nil)
            DIContainer.slowBuildWarning = .seconds(-1)
            precondition(DIContainer.slowBuildWarning == .zero)
        }
    }

    @Test func aNegativeLimitUnderASecondIsZero() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .milliseconds(-500)
            precondition(DIContainer.slowBuildWarning == .zero)
        }
    }

    @Test func theDefaultIsFiveSeconds() async {
        await #expect(processExitsWith: .success) {
            precondition(DIContainer.slowBuildWarning == .seconds(5))
        }
    }
}

/// Where a slow load waits: one per container.
private final class SlowLoadGate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    static func of(_ container: DIContainer) -> SlowLoadGate {
        container.extensionState(SlowLoadGate.self) { SlowLoadGate() }
    }
}

/// A framework whose load blocks until its container's gate is opened.
private final class SlowFramework: DIFramework {
    static func load(container: DIContainer) {
        let gate = SlowLoadGate.of(container)
        gate.entered.signal()
        gate.release.wait()
        container.register { Blocked() }
    }
}

private final class WaitingOuter: Sendable {}

/// Makes an awaited resolve wait for another's build, of a container with an observer, and
/// lets both end: whether the container is then gone (nothing the wait left holds it).
private func endAnAwaitedWait() async -> Bool {
    let entered = AsyncSignal()
    let waiting = AsyncSignal()
    let release = DispatchSemaphore(value: 0)
    weak var released: DIContainer?
    do {
        let container = DIContainer()
        released = container
        // A report goes to the container's observers: with none, nothing holds it.
        container.addObserver(SlowBuildWatcher(release: DispatchSemaphore(value: 0)))
        container.register { () async -> Blocked in
            entered.signal()
            await withCheckedContinuation { (opened: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    release.wait()
                    opened.resume()
                }
            }
            return Blocked()
        }
        .lifetime(.perContainer(.strong))
        container.register { (resolver: DIContainer) async throws -> WaitingOuter in
            waiting.signal()
            _ = try await resolver.resolve(Blocked.self)
            return WaitingOuter()
        }
        let builder = Task.detached { _ = try? await container.resolve(Blocked.self) }
        await entered.wait()
        let waiter = Task.detached { _ = try? await container.resolve(WaitingOuter.self) }
        // The waiter is about to wait for the held build when it signals.
        await waiting.wait()
        release.signal()
        await builder.value
        await waiter.value
    }
    return released == nil
}
