import DICore
import DILifetime
import Dispatch
import Synchronization
import Testing

private final class Blocked: Sendable {}

/// Records the slow-build reports it sees and lets the blocked factory go on at the first.
private final class SlowBuildWatcher: DIObserver {
    let reports = Mutex<[DISlowBuild]>([])
    let release: DispatchSemaphore
    init(release: DispatchSemaphore) { self.release = release }

    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        reports.withLock { $0.append(build) }
        release.signal()
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
            let built = Mutex<Blocked?>(nil)
            DispatchQueue.global().async(group: builder) {
                built.withLock { $0 = try? container.resolve(Blocked.self) }
            }
            entered.wait()
            let waiter = DispatchGroup()
            let waited = Mutex<Blocked?>(nil)
            DispatchQueue.global().async(group: waiter) {
                waited.withLock { $0 = try? container.resolve(Blocked.self) }
            }
            // The watchdog: without the report, neither resolve ever ends.
            precondition(waiter.wait(timeout: .now() + 10) == .success, "the wait was never reported")
            precondition(builder.wait(timeout: .now() + 10) == .success)
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
