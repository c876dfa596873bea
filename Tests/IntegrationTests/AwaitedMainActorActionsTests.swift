import DICore
import DIHierarchy
import DILifetime
import Dispatch
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Main-actor actions through the awaited doors (issue 37): an instance's actions run once,
// after every property injection of its resolve, on the actor they declare; an awaited door
// fails exactly when and how the synchronous door on the main actor would, and never hangs.

private final class Dep: Sendable { init() {} }

private protocol P2: Sendable {}

/// An instance that writes what its actions do into its test's own log.
private final class Item: P2 {
    let log: Collector<String>
    init(log: Collector<String>) { self.log = log }
}

/// A main-actor class whose main-actor property is injected through a key path.
@MainActor private final class Screen {
    let log: Collector<String>
    var dep: Dep? { didSet { log.append("injection") } }
    nonisolated init(log: Collector<String>) { self.log = log }
}

private final class Got: Sendable {
    let value = Protected<Dep?>(nil)
    init() {}
}

private struct Boom: Error {}
private enum TagA {}

/// The awaited doors, each called from a nonisolated async function (off the main actor).
enum AwaitedDoor: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case resolveAsync, awaitedResolve, provider, lazy
    var testDescription: String { rawValue }
}

private func resolve<T>(_ type: T.Type, in container: DIContainer, through door: AwaitedDoor) async throws(DIError) -> T {
    switch door {
    case .resolveAsync:
        return try await container.resolveAsync(T.self)
    case .awaitedResolve:
        return try await container.resolve(T.self)
    case .provider:
        let provider = try await container.resolve(Provider<T>.self)
        let make: () async throws(DIError) -> T = provider.resolve
        return try await make()
    case .lazy:
        let lazy = try await container.resolve(Lazy<T>.self)
        let read: () async throws(DIError) -> T = lazy.resolvedValue
        return try await read()
    }
}

/// The code a door failed with, or `nil` when it succeeded.
private func failure(_ body: () async throws(DIError) -> Void) async -> DIError.Code? {
    do {
        try await body()
        return nil
    } catch {
        return error.code
    }
}

/// Whether `work`, which starts `tasks` tasks, ended without hanging; `started` is called by
/// each task as it begins.
///
/// A pthread watches it (a hang on the main actor or in the cooperative pool still ends the
/// wait; the hung work is left behind). Its clock starts once every task has begun: a task
/// that other suites keep from starting is not hung. When `seconds` pass after that, it is hung
/// if the cooperative pool runs a probe task within a second: the pool was free, and the work
/// still did not end. A pool busy with other suites' work extends the wait, up to `cap`
/// seconds in all.
private func finishesWithoutHanging(
    tasks: Int, within seconds: Int, cap: Int, _ work: @escaping @Sendable (_ started: @escaping @Sendable () -> Void) async -> Void
) async -> Bool {
    let (stream, ended) = AsyncStream.makeStream(of: Bool.self)
    let begun = Atomic(0)
    let allBegun = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let started: @Sendable () -> Void = {
        if begun.add(1, ordering: .acquiringAndReleasing).newValue == tasks { allBegun.signal() }
    }
    Task.detached {
        await work(started)
        done.signal()
        ended.yield(true)
    }
    ThreadStarter {
        let deadline = DispatchTime.now() + .seconds(cap)
        guard allBegun.wait(timeout: deadline) == .success else {
            ended.yield(false)
            return
        }
        while done.wait(timeout: min(.now() + .seconds(seconds), deadline)) == .timedOut {
            let probe = DispatchSemaphore(value: 0)
            Task.detached { probe.signal() }
            if probe.wait(timeout: .now() + .seconds(1)) == .success || DispatchTime.now() >= deadline {
                ended.yield(false)
                return
            }
        }
    }.start()
    for await finished in stream { return finished }
    return false
}

/// The kinds of main-actor action the first shape was seen with.
enum MainActorAction: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case postInit, injection, keyPathInjection, nonisolatedInjectionAndMainActorPostInit
    var testDescription: String { rawValue }
}

@Suite struct AwaitedMainActorActionsTests {
    /// Shape 1: the awaited resolve's preparation built the `.objectGraph` instance and
    /// scheduled its actions, and the synchronous pass scheduled them again: each ran twice.
    @Test(arguments: AwaitedDoor.allCases, MainActorAction.allCases)
    func anAwaitedResolveRunsEachMainActorActionOnce(door: AwaitedDoor, action: MainActorAction) async throws {
        let container = DIContainer()
        let log = Collector<String>()
        container.register { Dep() }
        switch action {
        case .postInit:
            container.register { Item(log: log) }.lifetime(.objectGraph)
                .postInit { @MainActor (me: Item) throws in me.log.append("postInit") }
            _ = try await resolve(Item.self, in: container, through: door)
            #expect(log.all == ["postInit"])
        case .injection:
            container.register { Item(log: log) }.lifetime(.objectGraph)
                .injection { @MainActor (me: Item, _: Dep) -> Void in me.log.append("injection") }
            _ = try await resolve(Item.self, in: container, through: door)
            #expect(log.all == ["injection"])
        case .keyPathInjection:
            await MainActor.run {
                _ = container.register { Screen(log: log) }.lifetime(.objectGraph).injection(onMainActor: \.dep)
            }
            _ = try await resolve(Screen.self, in: container, through: door)
            #expect(log.all == ["injection"])
        case .nonisolatedInjectionAndMainActorPostInit:
            container.register { Item(log: log) }.lifetime(.objectGraph)
                .injection { (me: Item, _: Dep) in me.log.append("injection") }
                .postInit { @MainActor (me: Item) -> Void in me.log.append("postInit") }
            _ = try await resolve(Item.self, in: container, through: door)
            #expect(log.all == ["injection", "postInit"])
        }
    }

    /// Shape 2: a main-actor `postInit` taking what an async factory makes.
    ///
    /// The action ran twice (shape 1), and the second run found no prepared instance:
    /// `.requiresAsync`, which an awaited door never answers.
    @Test(arguments: AwaitedDoor.allCases)
    func aMainActorPostInitTakesWhatAnAsyncFactoryMakes(door: AwaitedDoor) async throws {
        let parent = DIContainer()
        let got = Got()
        parent.register { Item(log: Collector()) }
            .postInit { @MainActor (_: Item, x: Dep?) -> Void in got.value.withLock { $0 = x } }
        parent.register { () async in Dep() }
        let child = DIContainer(parent: parent)
        _ = try await resolve(Item.self, in: child, through: door)
        #expect(got.value.withLock { $0 } != nil)
        let all = try await child.resolveAsync([Item].self)
        #expect(all.count == 1)
    }

    /// Shape 2, tagged: the request of the issue, `resolveAsync(_:tag:)` from a child.
    @Test func aTaggedMainActorPostInitTakesWhatAnAsyncFactoryMakes() async throws {
        let parent = DIContainer()
        let got = Got()
        parent.register { Item(log: Collector()) }.tagged(TagA.self)
            .postInit { @MainActor (_: Item, x: Dep?) -> Void in got.value.withLock { $0 = x } }
        parent.register { () async in Dep() }
        let child = DIContainer(parent: parent)
        _ = try await child.resolveAsync(Item.self, tag: TagA.self)
        #expect(got.value.withLock { $0 } != nil)
    }

    /// Shape 3: the preparation's build failed, and the synchronous pass called the factory
    /// again, which then succeeded: the first error must be the answer, as on the main actor.
    @Test(arguments: AwaitedDoor.allCases)
    func anAwaitedResolveAnswersAFactorysFirstFailure(door: AwaitedDoor) async throws {
        func flaky(_ calls: Counter) -> DIContainer {
            let container = DIContainer()
            container.register { Dep() }
            container.register { () throws -> Item in
                if calls.next() == 1 { throw Boom() }
                return Item(log: Collector())
            }
            .injection { @MainActor (_: Item, _: Provider<Dep>) -> Void in }
            return container
        }
        let onMainActor = Counter()
        let synchronous = await MainActor.run { () -> DIError.Code? in
            let container = flaky(onMainActor)
            do throws(DIError) {
                _ = try container.resolve(Item.self)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(synchronous == .factoryFailed && onMainActor.count == 1)
        let awaitedCalls = Counter()
        let container = flaky(awaitedCalls)
        let awaited = await failure { () async throws(DIError) in _ = try await resolve(Item.self, in: container, through: door) }
        #expect(awaited == .factoryFailed)
        #expect(awaitedCalls.count == 1)
    }

    /// Shape 4: four tasks awaiting one `.perContainer(.strong)` component with a main-actor
    /// action.
    ///
    /// One held its provisional build while it hopped to the main actor to run the
    /// action; another waited for that build blocking the main actor: neither returned.
    @Test(arguments: [MainActorAction.postInit, .injection])
    func fourTasksAwaitingOneMainActorComponentAllReturn(action: MainActorAction) async throws {
        let container = DIContainer()
        let log = Collector<String>()
        container.register { Dep() }
        switch action {
        case .injection:
            container.register { Item(log: log) }.lifetime(.perContainer(.strong))
                .injection { @MainActor (me: Item, _: Dep) -> Void in me.log.append("action") }
        default:
            container.register { Item(log: log) }.lifetime(.perContainer(.strong))
                .postInit { @MainActor (me: Item) -> Void in me.log.append("action") }
        }
        let items = Collector<Item>()
        let ended = await finishesWithoutHanging(tasks: 4, within: 60, cap: 900) { started in
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        started()
                        if let item = try? await container.resolveAsync(Item.self) { items.append(item) }
                    }
                }
            }
        }
        // The watchdog: `false` is a task still waiting 60 s after all four began, while the
        // cooperative pool was free to run them (the hang this test was written for: within
        // the first 60 s).
        #expect(ended, "four tasks awaiting one component never returned")
        guard ended else { return }
        #expect(items.all.count == 4)
        #expect(items.all.allSatisfy { $0 === items.all[0] })
        #expect(log.all == ["action"])
    }

    /// Shape 5: an async component's `postInit` ran during the preparation, before the
    /// property injection of the same resolve that takes it.
    @Test func anAsyncComponentsPostInitRunsAfterEveryPropertyInjection() async throws {
        let log = Collector<String>()
        let root = DIContainer()
        root.register { Item(log: log) }.injection { (me: Item, x: Dep?) in me.log.append(x == nil ? "nil" : "injection") }
        root.register { () async in Dep() }.lifetime(.perContainer(.weak))
            .postInit { (_: Dep) in log.append("postInit") }
        let grandchild = DIContainer(parent: DIContainer(parent: root))
        let item = try await grandchild.resolve(Item.self)
        #expect(log.all == ["injection", "postInit"])
        _ = item
    }

    /// Shape 6, made deterministic: a synchronous resolve off the main actor of a main-actor
    /// `.perRun` component fails `.requiresAsync` before its factory runs, so no instance
    /// whose `postInit` cannot run is ever made (racing resolves took such a provisional
    /// instance), and a later resolve gets one whose `postInit` ran.
    @Test func aSynchronousResolveOffTheMainActorHandsOutNoIncompleteInstance() async throws {
        try await DIContainer.withIsolatedProcessWideInstances { () async throws -> Void in
            let log = Collector<String>()
            let calls = Counter()
            let container = DIContainer()
            container.register { () -> Item in
                calls.increment()
                return Item(log: log)
            }
            .lifetime(.perRun(.strong)).as((any P2).self)
            .postInit { @MainActor (me: Item) -> Void in me.log.append("postInit") }
            let offMainActor = await onThread { () -> DIError.Code? in
                do throws(DIError) {
                    _ = try container.resolve([any P2].self)
                    return nil
                } catch {
                    return error.code
                }
            }
            #expect(offMainActor == .requiresAsync)
            let again = await onThread { () -> DIError.Code? in
                do throws(DIError) {
                    _ = try container.resolve(Item.self)
                    return nil
                } catch {
                    return error.code
                }
            }
            #expect(again == .requiresAsync)
            #expect(calls.count == 0)
            let item = try await MainActor.run { try container.resolve(Item.self) }
            #expect(item.log.all == ["postInit"])
        }
    }

    /// Shape 6, raced: four threads off the main actor ask at once for a `.perRun`
    /// component with a main-actor `postInit`, the first build (if one runs) held until the
    /// three others wait for it.
    ///
    /// Two threads got an instance whose `postInit` never ran; the `.perRun` cell then kept
    /// it. Every thread must fail `.requiresAsync`, and the synchronous resolve on the main
    /// actor afterwards gets an instance whose `postInit` ran once.
    @Test func fourThreadsOffTheMainActorGetNoInstanceWhosePostInitDidNotRun() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .zero
            let gate = RaceGate()
            let container = DIContainer()
            container.addObserver(gate)
            container.register { gate.build() }.lifetime(.perRun(.strong)).as((any P2).self)
                .postInit { @MainActor (me: Counted) -> Void in me.postInits.withLock { $0 += 1 } }
            for outcome in fourThreadsAskForAMainActorComponent(container, gate: gate) {
                switch outcome {
                case .failed(let code):
                    precondition(code == .requiresAsync, "a thread failed \(code)")
                case .got(let instance):
                    let runs = instance.postInits.withLock { $0 }
                    preconditionFailure("a thread off the main actor got an instance whose postInit ran \(runs) times")
                }
            }
            let onMainActor = try await MainActor.run { try container.resolve([any P2].self) }
            precondition(onMainActor.count == 1, "[any P2] on the main actor has \(onMainActor.count) elements")
            let runs = (onMainActor[0] as! Counted).postInits.withLock { $0 }
            precondition(runs == 1, "the postInit of the instance resolved on the main actor ran \(runs) times")
        }
    }

    /// Found by the differential suite's four tasks: an awaited resolve's preparation found
    /// a `.perContainer(.weak)` async component's instance in its cache, which another resolve
    /// held; that one ended, the instance went, and the synchronous pass found no instance
    /// and no prepared build: `.requiresAsync`, which an awaited door never answers.
    ///
    /// Here the other holder is the test, and an async factory listed before it holds the
    /// preparation until the test has let the instance go.
    @Test func anAwaitedResolveHoldsTheWeakInstanceItsPreparationFound() async throws {
        final class Weak: Sendable { init() {} }
        final class Gate: Sendable { init() {} }
        final class Top: Sendable {
            init(gate: Gate, weak: Weak) {}
        }
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let container = DIContainer()
        container.register { () async in Weak() }.lifetime(.perContainer(.weak))
        container.register { () async -> Gate in
            enteredSignal.yield()
            for await _ in release { break }
            return Gate()
        }
        container.register(Top.init)
        var held: Weak? = try await container.resolveAsync(Weak.self)
        let top = Task { try await container.resolveAsync(Top.self) }
        for await _ in entered { break }
        // The preparation has walked the graph and found `held` in the cache.
        #expect(held != nil)
        held = nil
        releaseSignal.yield()
        let result = await top.result
        #expect(throws: Never.self) { _ = try result.get() }
    }

    /// Shape 7: `inject(into:)` answered `.notRegistered` where the same request is
    /// `.ambiguous`.
    @Test func injectIntoAnAmbiguousTypeIsAmbiguous() throws {
        final class Made: Sendable { init() {} }
        let container = DIContainer()
        container.register(Made.self)
        container.register(Made.self)
        let resolved = try #require(throws: DIError.self) { _ = try container.resolve(Made.self) }
        let injected = try #require(throws: DIError.self) { try container.inject(into: Made()) }
        #expect(resolved.code == .ambiguous)
        #expect(injected.code == .ambiguous)
    }

    /// Point 8, decided: a `postInit` parameter is not a dependency for the order of
    /// `postInit`s.
    ///
    /// It is resolved when the `postInit` runs, so an instance it makes is new to
    /// that step, and its own `postInit` runs after the one that made it.
    @Test(arguments: [false, true])
    func aPostInitParameterIsResolvedWhenThePostInitRuns(awaited: Bool) async throws {
        let log = Collector<String>()
        let container = DIContainer()
        container.register { Item(log: log) }.postInit { (me: Item, _: Dep) in me.log.append("owner") }
        container.register { Dep() }.postInit { (_: Dep) in log.append("parameter") }
        if awaited {
            _ = try await container.resolveAsync(Item.self)
        } else {
            _ = try await MainActor.run { try container.resolve(Item.self) }
        }
        #expect(log.all == ["owner", "parameter"])
    }
}

// MARK: - Shape 6: concurrent synchronous resolves off the main actor

/// A `.perRun` component's instance with a main-actor `postInit` that counts its runs.
private final class Counted: P2 {
    let postInits = Protected(0)
    init() {}
}

/// Lets the first build of `Counted` go on only once the other three threads wait for it (a
/// wait is reported at once: `DIContainer.slowBuildWarning` is zero in the exit test).
private final class RaceGate: DIObserver {
    let entered = DispatchSemaphore(value: 0)
    let waiting = DispatchSemaphore(value: 0)
    let builds = Protected(0)
    /// Whether the four threads are racing: the main actor's build afterwards is not held.
    let racing = Atomic(true)

    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        if build.component.type == Counted.self { waiting.signal() }
    }

    /// The factory's body: the first build of the race blocks until three resolves wait for it.
    func build() -> Counted {
        let first = builds.withLock {
            $0 += 1
            return $0 == 1
        }
        if first && racing.load(ordering: .acquiring) {
            entered.signal()
            for _ in 0..<3 {
                precondition(waiting.wait(timeout: .now() + 30) == .success, "the other threads never waited")
            }
        }
        return Counted()
    }
}

/// What one of the four threads got: the error's code, or the instance.
private enum RaceOutcome: Sendable {
    case failed(DIError.Code)
    case got(Counted)
}

/// Four threads ask `[any P2]` of a `.perRun(.strong)` component with a main-actor `postInit`;
/// the first build (if any thread builds) waits until the three others wait for it.
private func fourThreadsAskForAMainActorComponent(
    _ container: DIContainer, gate: RaceGate
) -> [RaceOutcome] {
    let outcomes = Protected<[RaceOutcome]>([])
    let group = DispatchGroup()
    func ask() {
        DispatchQueue.global().async(group: group) {
            let outcome: RaceOutcome
            do throws(DIError) {
                let all = try container.resolve([any P2].self)
                precondition(all.count == 1, "[any P2] has \(all.count) elements")
                outcome = .got(all[0] as! Counted)
            } catch {
                outcome = .failed(error.code)
            }
            outcomes.withLock { $0.append(outcome) }
        }
    }
    ask()
    // The first thread either fails before building, or builds and blocks in the factory.
    group.notify(queue: .global()) { gate.entered.signal() }
    precondition(gate.entered.wait(timeout: .now() + 60) == .success, "the first resolve neither built nor ended")
    for _ in 0..<3 { ask() }
    precondition(group.wait(timeout: .now() + 60) == .success, "a resolve never ended")
    gate.racing.store(false, ordering: .releasing)
    return outcomes.withLock { $0 }
}
