import DICore
import DILifetime
import DIScopes
import Dispatch
import Synchronization
import Testing

/// Counts factory calls; each test makes its own.
private final class Calls: Sendable {
    private let value = Atomic(0)
    var count: Int { value.load(ordering: .relaxed) }
    func increment() { value.wrappingAdd(1, ordering: .relaxed) }
}

/// A fresh registration line per round, so that process-wide caches (`.perRun`, `.single`) of
/// one round are not the next round's.
private let nextLine = Atomic<UInt>(100_000)
private func freshLine() -> UInt { nextLine.wrappingAdd(1, ordering: .relaxed).oldValue }

/// Makes two threads meet: each factory that calls it waits until the other has arrived.
private final class Rendezvous: Sendable {
    private let first = DispatchSemaphore(value: 0)
    private let second = DispatchSemaphore(value: 0)
    private let firstArrived = Atomic(false)
    private let secondArrived = Atomic(false)

    /// The first side's arrival; later calls pass straight through.
    func arriveFirst() {
        guard !firstArrived.exchange(true, ordering: .relaxed) else { return }
        first.signal()
        second.wait()
    }

    /// The second side's arrival; later calls pass straight through.
    func arriveSecond() {
        guard !secondArrived.exchange(true, ordering: .relaxed) else { return }
        second.signal()
        first.wait()
    }
}

// MARK: - Issue 12, point 2: a cycle across threads

private final class CrossP: Sendable {
    init(step: CrossStepP, q: CrossQ) {}
}
private final class CrossQ: Sendable {
    init(step: CrossStepQ, p: CrossP) {}
}
/// Built before the other half of the cycle: both threads are then inside their builds.
private final class CrossStepP: Sendable {}
private final class CrossStepQ: Sendable {}

private enum CachingLifetime: String, CaseIterable, Sendable {
    case perContainer, perRun, single, custom

    var lifetime: DIComponentLifetime {
        switch self {
        case .perContainer: .perContainer(.strong)
        case .perRun: .perRun(.strong)
        case .single: .single
        case .custom: .custom(DIScope(name: "cross", storage: DICacheStorage()))
        }
    }
}

private func crossCycleBothThreads(_ lifetime: CachingLifetime) async -> (DIError.Code?, DIError.Code?) {
    let rendezvous = Rendezvous()
    let container = DIContainer()
    // A fresh site each call: `.perRun` and `.single` instances are per site, for the process.
    container.register(line: freshLine()) { () in
        rendezvous.arriveFirst(); return CrossStepP()
    }
    container.register(line: freshLine()) { () in
        rendezvous.arriveSecond(); return CrossStepQ()
    }
    // One lifetime object for both, so that a custom scope is shared.
    let chosen = lifetime.lifetime
    container.register(line: freshLine(), CrossP.init).lifetime(chosen)
    container.register(line: freshLine(), CrossQ.init).lifetime(chosen)
    async let p = onThread { () -> DIError.Code? in
        do throws(DIError) {
            _ = try container.resolve(CrossP.self)
            return nil
        } catch {
            return error.code
        }
    }
    async let q = onThread { () -> DIError.Code? in
        do throws(DIError) {
            _ = try container.resolve(CrossQ.self)
            return nil
        } catch {
            return error.code
        }
    }
    return await (p, q)
}

@Suite struct CrossThreadCycleTests {
    @Test(.timeLimit(.minutes(1)))
    func cycleEnteredFromTwoThreadsDoesNotKillTheProcess() async {
        // Before the gate: "Recursive call to lock Mutex" (SIGILL) for the caching lifetimes.
        await #expect(processExitsWith: .success) {
            for lifetime in CachingLifetime.allCases {
                let (p, q) = await crossCycleBothThreads(lifetime)
                precondition(p == .cycle && q == .cycle, "\(lifetime): \(String(describing: p)), \(String(describing: q))")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: CachingLifetime.allCases)
    fileprivate func cycleEnteredFromTwoThreadsIsACycleOnBoth(_ lifetime: CachingLifetime) async {
        let (p, q) = await crossCycleBothThreads(lifetime)
        #expect(p == .cycle)
        #expect(q == .cycle)
    }

    @Test(.timeLimit(.minutes(1)))
    func crossThreadCycleNamesItsSteps() async {
        let rendezvous = Rendezvous()
        let container = DIContainer()
        container.register { () in
            rendezvous.arriveFirst(); return CrossStepP()
        }
        container.register { () in
            rendezvous.arriveSecond(); return CrossStepQ()
        }
        container.register(CrossP.init).lifetime(.perContainer(.strong))
        container.register(CrossQ.init).lifetime(.perContainer(.strong))
        async let p = onThread { () -> DIError? in
            do throws(DIError) {
                _ = try container.resolve(CrossP.self)
                return nil
            } catch {
                return error
            }
        }
        async let q = onThread { () -> DIError? in
            do throws(DIError) {
                _ = try container.resolve(CrossQ.self)
                return nil
            } catch {
                return error
            }
        }
        for error in await [p, q] {
            let steps = Set((error?.cycle ?? []).map { ObjectIdentifier($0.type) })
            #expect(steps == [ObjectIdentifier(CrossP.self), ObjectIdentifier(CrossQ.self)])
        }
    }
}

// MARK: - Issue 12, point 3: re-entering through Provider and Lazy

/// Records what a re-entrant resolve inside a factory gave.
private final class Seen: Sendable {
    private let codes = Protected<[DIError.Code]>([])
    var all: [DIError.Code] { codes.withLock { $0 } }
    func record(_ code: DIError.Code) { codes.withLock { $0.append(code) } }
}

private final class ReA: Sendable {
    init(provider: Provider<ReA>, seen: SeenBox) {
        do {
            _ = try provider.resolve()
        } catch {
            seen.seen.record(error.code)
        }
    }
}
private final class ReLazy: Sendable {
    init(lazy: Lazy<ReLazy>, seen: SeenBox) {
        do {
            _ = try lazy.resolvedValue()
        } catch {
            seen.seen.record(error.code)
        }
    }
}
/// A registered holder of a test's `Seen`.
private final class SeenBox: Sendable {
    let seen = Seen()
}

@Suite struct ReentrantResolveTests {
    @Test func providerInsideItsOwnFactoryDoesNotKillTheProcess() async {
        // Before: "Recursive call to lock Mutex" for the caching lifetimes; a stack overflow
        // for .prototype.
        await #expect(processExitsWith: .success) {
            for prototype in [false, true] {
                let box = SeenBox()
                let container = DIContainer()
                // Explicit lines: inside an exit test, `#line` is the macro's.
                container.register(line: 1) { box }
                container.register(line: 2, ReA.init).lifetime(prototype ? .prototype : .perContainer(.strong))
                let _: ReA? = container.resolve()
                precondition(box.seen.all.first == .cycle)
            }
        }
    }

    @Test(arguments: ["perContainer", "perRun", "single", "prototype", "custom"])
    func providerInsideItsOwnFactoryIsACycle(_ lifetime: String) async {
        let box = SeenBox()
        let container = DIContainer()
        container.register { box }
        let chosen: DIComponentLifetime =
            switch lifetime {
            case "perContainer": .perContainer(.strong)
            case "perRun": .perRun(.strong)
            case "single": .single
            case "custom": .custom(DIScope(name: "re", storage: DICacheStorage()))
            default: .prototype
            }
        container.register(ReA.init).lifetime(chosen)
        let made: ReA? = container.resolve()
        #expect(made != nil)
        #expect(box.seen.all.first == .cycle)
    }

    @Test func lazyInsideItsOwnFactoryIsACycle() {
        let box = SeenBox()
        let container = DIContainer()
        container.register { box }
        container.register(ReLazy.init).lifetime(.perContainer(.strong))
        #expect((try? container.resolve(ReLazy.self)) != nil)
        #expect(box.seen.all == [.cycle])
    }
}

// MARK: - Issue 12, point 4: async cycles

private final class SelfAwaiting: Sendable {}
private final class AsyncLeft: Sendable { init(right: AsyncRight) async {} }
private final class AsyncRight: Sendable { init(left: AsyncLeft) async {} }

@Suite struct AsyncCycleTests {
    @Test(.timeLimit(.minutes(1)))
    func asyncCachedFactoryAwaitingItsOwnResolveIsACycle() async {
        // Before: it never finished.
        let container = DIContainer()
        container.register { [unowned container] () async throws -> SelfAwaiting in
            _ = try await container.resolve(SelfAwaiting.self)
            return SelfAwaiting()
        }.lifetime(.perContainer(.strong))
        await #expect {
            try await container.resolve(SelfAwaiting.self)
        } throws: { error in
            (error as? DIError)?.code == .cycle
        }
    }

    @Test(arguments: ["perContainer", "perRun", "custom"])
    func twoAsyncCachedFactoriesInACycleAreACycle(_ lifetime: String) async {
        // Before: `requiresAsync`.
        let chosen: DIComponentLifetime =
            switch lifetime {
            case "perContainer": .perContainer(.strong)
            case "perRun": .perRun(.strong)
            default: .custom(DIScope(name: "async cycle", storage: DICacheStorage()))
            }
        let container = DIContainer()
        container.register(AsyncLeft.init).lifetime(chosen)
        container.register(AsyncRight.init).lifetime(chosen)
        do {
            _ = try await container.resolve(AsyncLeft.self)
            Issue.record("resolved a cycle")
        } catch {
            #expect(error.code == .cycle)
            #expect(
                Set(error.cycle.map { ObjectIdentifier($0.type) }) == [ObjectIdentifier(AsyncLeft.self), ObjectIdentifier(AsyncRight.self)])
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func siblingsAwaitedInsideOneFactoryShareOneBuildWithoutACycle() async throws {
        let calls = Calls()
        let container = DIContainer()
        container.register { () async -> SelfAwaiting in
            calls.increment()
            return SelfAwaiting()
        }.lifetime(.perContainer(.strong))
        container.register { [unowned container] () async throws -> AsyncHolder in
            async let first = container.resolve(SelfAwaiting.self)
            async let second = container.resolve(SelfAwaiting.self)
            let (a, b) = try await (first, second)
            return AsyncHolder(same: a === b)
        }
        let holder = try await container.resolve(AsyncHolder.self)
        #expect(holder.same)
        #expect(calls.count == 1)
    }
}

private final class AsyncHolder: Sendable {
    let same: Bool
    init(same: Bool) { self.same = same }
}

// MARK: - Issue 12, point 5: no second build

@MainActor private final class Screen {
    init() {}
}

private func registerScoped(_ container: DIContainer, _ scope: DIScope, _ calls: Calls) {
    container.register { () async -> AsyncHolder in
        calls.increment()
        await Task.yield()
        return AsyncHolder(same: true)
    }.lifetime(.custom(scope))
}

@Suite struct SecondBuildTests {
    @MainActor @Test(arguments: ["perContainer", "perRun", "single", "custom"])
    func mainActorComponentResolvedOnTheMainActorWhileTasksAwaitItIsBuiltOnce(_ lifetime: String) async throws {
        // Before: the factory ran twice in some rounds.
        for _ in 0..<30 {
            let calls = Calls()
            let container = DIContainer()
            let chosen: DIComponentLifetime =
                switch lifetime {
                case "perContainer": .perContainer(.strong)
                case "perRun": .perRun(.strong)
                case "single": .single
                default: .custom(DIScope(name: "screen", storage: DICacheStorage()))
                }
            // A site per round: .perRun and .single share an instance per site.
            container.register(line: freshLine()) { @MainActor () -> Screen in
                calls.increment()
                return Screen()
            }.lifetime(chosen)
            let tasks = (0..<8).map { _ in
                Task.detached { () async throws -> ObjectIdentifier in
                    ObjectIdentifier(try await container.resolve(Screen.self))
                }
            }
            var seen: Set<ObjectIdentifier> = []
            for _ in 0..<8 {
                await Task.yield()
                // The synchronous resolve, on the main actor.
                let screen: Screen? = container.resolve()
                seen.insert(ObjectIdentifier(try #require(screen)))
            }
            for task in tasks { seen.insert(try await task.value) }
            #expect(calls.count == 1)
            #expect(seen.count == 1)
        }
    }

    @Test func asyncFactoryInACustomScopeFromTwoContainersIsBuiltOnce() async throws {
        // Before: twice (the awaited build was keyed by container, not by scope and site).
        let calls = Calls()
        let scope = DIScope(name: "shared", storage: DICacheStorage())
        let first = DIContainer()
        let second = DIContainer()
        registerScoped(first, scope, calls)
        registerScoped(second, scope, calls)
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for index in 0..<400 {
                let container = index.isMultiple(of: 2) ? first : second
                group.addTask { ObjectIdentifier(try await container.resolve(AsyncHolder.self)) }
            }
            var ids: Set<ObjectIdentifier> = []
            for try await id in group { ids.insert(id) }
            return ids
        }
        #expect(calls.count == 1)
        #expect(ids.count == 1)
    }
}

// MARK: - Issue 12, point 6: clean() during a build

private final class Cleaned: Sendable {}

@Suite struct CleanDuringBuildTests {
    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func cleanDuringTheFirstBuildDropsWhatItMakes(_ policy: DIReferencePolicy) throws {
        // Before: the instance built across the clean was kept (.perContainer).
        let calls = Calls()
        let container = DIContainer()
        // Unowned: a container its own factory holds would never be freed.
        container.register { [unowned container] () -> Cleaned in
            calls.increment()
            if calls.count == 1 { container.clean() }
            return Cleaned()
        }.lifetime(.perContainer(policy))
        let first = try container.resolve(Cleaned.self)
        let second = try container.resolve(Cleaned.self)
        #expect(first !== second)
        #expect(calls.count == 2)
        let third = try container.resolve(Cleaned.self)
        #expect(third === second)
    }

    @Test func cleanOfAScopeDuringItsBuildDropsWhatItMakes() throws {
        let calls = Calls()
        let scope = DIScope(name: "cleaned", storage: DICacheStorage())
        let container = DIContainer()
        container.register { () -> Cleaned in
            calls.increment()
            if calls.count == 1 { scope.clean() }
            return Cleaned()
        }.lifetime(.custom(scope))
        let first = try container.resolve(Cleaned.self)
        let second = try container.resolve(Cleaned.self)
        #expect(first !== second)
        #expect(try container.resolve(Cleaned.self) === second)
    }
}

// MARK: - Many threads and tasks on one build

private final class Shared: Sendable {}

@Suite struct GateConcurrencyTests {
    @Test(arguments: ["perContainer", "perRun", "weak", "custom"])
    func manyThreadsAndTasksGetOneInstance(_ lifetime: String) async throws {
        for _ in 0..<20 {
            let calls = Calls()
            let container = DIContainer()
            let chosen: DIComponentLifetime =
                switch lifetime {
                case "perContainer": .perContainer(.strong)
                case "perRun": .perRun(.strong)
                case "weak": .perContainer(.weak)
                default: .custom(DIScope(name: "many", storage: DICacheStorage()))
                }
            container.register(line: freshLine()) { () -> Shared in
                calls.increment()
                return Shared()
            }.lifetime(chosen)
            let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for index in 0..<16 {
                    if index.isMultiple(of: 2) {
                        group.addTask { ObjectIdentifier(try await container.resolve(Shared.self)) }
                    } else {
                        group.addTask {
                            await onThread { () -> ObjectIdentifier in
                                let shared: Shared = container.resolve()
                                return ObjectIdentifier(shared)
                            }
                        }
                    }
                }
                var ids: [ObjectIdentifier] = []
                for try await id in group { ids.append(id) }
                return ids
            }
            // Weak instances may go between requests; the others are one.
            if lifetime != "weak" {
                #expect(Set(ids).count == 1)
                #expect(calls.count == 1)
            }
        }
    }
}

// MARK: - A cycle across tasks, through awaited resolves inside async factories

/// Makes two tasks meet: each side suspends until the other has arrived (once).
private final class AsyncRendezvous: Sendable {
    private struct State {
        var arrived: [Bool] = [false, false]
        var waiting: [CheckedContinuation<Void, Never>?] = [nil, nil]
    }
    private let state = Protected(State())

    func arrive(_ side: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let go = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                // Later arrivals (a retried build) pass straight through.
                guard !state.arrived[side] else { return [continuation] }
                state.arrived[side] = true
                guard let other = state.waiting[1 - side] else {
                    state.waiting[side] = continuation
                    return []
                }
                state.waiting[1 - side] = nil
                return [continuation, other]
            }
            for waiting in go { waiting.resume() }
        }
    }
}

private final class TaskP: Sendable {}
private final class TaskQ: Sendable {}

@Suite struct CrossTaskCycleTests {
    @Test(.timeLimit(.minutes(1)))
    func cycleEnteredFromTwoTasksIsACycleOnBoth() async {
        let rendezvous = AsyncRendezvous()
        let container = DIContainer()
        container.register { [unowned container] () async throws -> TaskP in
            await rendezvous.arrive(0)
            _ = try await container.resolve(TaskQ.self)
            return TaskP()
        }.lifetime(.perContainer(.strong))
        container.register { [unowned container] () async throws -> TaskQ in
            await rendezvous.arrive(1)
            _ = try await container.resolve(TaskP.self)
            return TaskQ()
        }.lifetime(.perContainer(.strong))
        async let p = { () async -> DIError.Code? in
            do {
                _ = try await container.resolve(TaskP.self)
                return nil
            } catch {
                return (error as? DIError)?.code
            }
        }()
        async let q = { () async -> DIError.Code? in
            do {
                _ = try await container.resolve(TaskQ.self)
                return nil
            } catch {
                return (error as? DIError)?.code
            }
        }()
        let codes = await [p, q]
        #expect(codes == [.cycle, .cycle])
    }
}

// MARK: - The same Lazy read while its own value resolves

private final class LazyHolder: Sendable {
    let target: Lazy<LazyTarget>
    init(target: Lazy<LazyTarget>) { self.target = target }
}
private final class LazyTarget: Sendable {
    let reread: DIError.Code?
    init(reread: DIError.Code?) { self.reread = reread }
}

@Suite struct LazyReentranceTests {
    @Test func readingTheSameLazyInsideItsOwnResolveIsACycle() async throws {
        // Before: "Recursive call to lock Mutex".
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            // Explicit lines: inside an exit test, `#line` is the macro's.
            container.register(line: 1, LazyHolder.init).lifetime(.perContainer(.strong))
            container.register(line: 2) { (resolver: DIContainer) throws -> LazyTarget in
                let holder = try resolver.resolve(LazyHolder.self)
                do throws(DIError) {
                    _ = try holder.target.resolvedValue()
                    return LazyTarget(reread: nil)
                } catch {
                    return LazyTarget(reread: error.code)
                }
            }
            let holder: LazyHolder? = container.resolve()
            precondition(holder?.target.value.reread == .cycle)
        }
    }
}
