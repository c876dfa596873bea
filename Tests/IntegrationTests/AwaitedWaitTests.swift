import DICore
import DILifetime
import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Issue 37, the hang: an awaited resolve whose synchronous pass met a build another resolve
// held across an await blocked its cooperative thread on it; with every thread of the pool so
// held, the holder never resumed. Each test runs in a process of its own, which a watchdog
// ends, so a hang holds none of this process's threads.

/// A gate tasks await without holding a thread, opened once.
private final class AsyncGate: Sendable {
    private let state = Guarded<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}

/// A count tasks await reaching a number, without holding a thread.
private final class Tally: Sendable {
    private let state = Guarded<(count: Int, waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)])>((0, []))

    var count: Int { state.withLock { $0.count } }

    func add() {
        let ready = state.withLock { state in
            state.count += 1
            let count = state.count
            defer { state.waiters.removeAll { $0.count <= count } }
            return state.waiters.filter { $0.count <= count }
        }
        ready.forEach { $0.continuation.resume() }
    }

    func reach(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state -> Bool in
                if state.count < count { state.waiters.append((count, continuation)) }
                return state.count >= count
            }
            if reached { continuation.resume() }
        }
    }
}

/// Counts the reported waits for each component type (every wait is reported at once:
/// `DIContainer.slowBuildWarning` is zero in these tests).
private final class WaitWatcher: DIObserver {
    private let tallies: [ObjectIdentifier: Tally]
    init(_ types: [Any.Type]) {
        tallies = Dictionary(uniqueKeysWithValues: types.map { (ObjectIdentifier($0), Tally()) })
    }
    func waits(for type: Any.Type) -> Tally { tallies[ObjectIdentifier(type)]! }
    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        tallies[ObjectIdentifier(build.component.type)]?.add()
    }
}

/// Ends the process with a message unless cancelled within `seconds`.
private func startWatchdog(_ seconds: Int, _ message: String) -> DispatchWorkItem {
    let watchdog = DispatchWorkItem {
        print("watchdog: \(message) after \(seconds) s")
        exit(1)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
    return watchdog
}

/// More tasks than the cooperative pool has threads.
private var moreTasksThanThreads: Int { max(16, 4 * sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// A value guarded by a lock the thread sanitizer sees: the helpers of this file use it, not
/// `Mutex`.
///
/// On Linux a contended `Mutex` is handed over in the kernel, out of the thread sanitizer's
/// sight, so these helpers' state, touched by many tasks at once, was reported as raced under
/// `--sanitize=thread`. `NSLock` is a pthread mutex, which the sanitizer intercepts.
private final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}

/// Counts by name, from any thread.
private final class Counts: Sendable {
    private let counts = Guarded<[String: Int]>([:])
    func add(_ key: String) { counts.withLock { $0[key, default: 0] += 1 } }
    subscript(key: String) -> Int { counts.withLock { $0[key, default: 0] } }
}

/// A cached component with a `postInit`: provisional while the resolve building it runs.
private final class Shared: Sendable {
    let isStarted = Guarded(false)
    init() {}
}

/// Made by an async factory that takes `Shared` and awaits the test's gate.
private final class Slow: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

/// The awaited doors a waiting task uses in turn.
private func resolveShared(_ container: DIContainer, door: Int) async throws(DIError) -> Shared {
    switch door % 4 {
    case 0:
        return try await container.resolveAsync(Shared.self)
    case 1:
        return try await container.resolve(Shared.self)
    case 2:
        let provider = try await container.resolve(Provider<Shared>.self)
        let make: () async throws(DIError) -> Shared = provider.resolve
        return try await make()
    default:
        let lazy = try await container.resolve(Lazy<Shared>.self)
        let read: () async throws(DIError) -> Shared = lazy.resolvedValue
        return try await read()
    }
}

/// Many more tasks than threads ask for a build held across an async factory's await.
///
/// A first task's resolve of `Slow` builds `Shared` for its async factory (provisionally, as
/// `Shared` has a `postInit`), then the factory awaits the gate; many more tasks than threads
/// ask for `Shared` meanwhile, through every awaited door. Exits 0 if all return the one
/// `Shared`, its `postInit` and `Slow`'s factory run once.
private func manyTasksAwaitABuildHeldAcrossAnAsyncFactory() async {
    DIContainer.slowBuildWarning = .zero
    let watchdog = startWatchdog(20, "tasks waiting for a build held across an async factory never returned")
    let gate = AsyncGate()
    let entered = AsyncGate()
    let counts = Counts()
    let watcher = WaitWatcher([Shared.self])
    let container = DIContainer()
    container.addObserver(watcher)
    container.register { () -> Shared in
        counts.add("Shared")
        return Shared()
    }
    .lifetime(.perContainer(.strong))
    .postInit { (shared: Shared) in
        counts.add("Shared.postInit")
        shared.isStarted.withLock { $0 = true }
    }
    container.register { (shared: Shared) async -> Slow in
        counts.add("Slow")
        entered.open()
        await gate.wait()
        return Slow(shared: shared)
    }
    .lifetime(.perContainer(.strong))
    let first = Task.detached { try? await container.resolveAsync(Slow.self) }
    await entered.wait()
    let count = moreTasksThanThreads
    let others = (0..<count).map { door in
        Task.detached { () -> Shared? in
            guard let shared = try? await resolveShared(container, door: door) else { return nil }
            return shared.isStarted.withLock { $0 } ? shared : nil
        }
    }
    // Every waiting task is suspended: none of them holds a thread.
    await watcher.waits(for: Shared.self).reach(count)
    gate.open()
    guard let slow = await first.value else {
        print("the first resolve failed")
        exit(1)
    }
    for task in others where await task.value !== slow.shared {
        print("a waiting resolve failed, got another Shared, or one whose postInit had not run")
        exit(1)
    }
    precondition(counts["Shared"] == 1, "Shared built \(counts["Shared"]) times")
    precondition(counts["Shared.postInit"] == 1, "Shared's postInit ran \(counts["Shared.postInit"]) times")
    precondition(counts["Slow"] == 1, "Slow built \(counts["Slow"]) times")
    watchdog.cancel()
}

/// A cached component with a property injection, made by the resolve that starts over.
private final class Mine: Sendable {
    let number: Int
    let isInjected = Guarded(false)
    init(number: Int) { self.number = number }
}

/// A cached component whose build the holder keeps across its awaited injection.
private final class Held: Sendable { init() {} }

/// What the holder resolves: `Held`, and an async injection that awaits the test's gate.
private final class HeldTop: Sendable {
    let held: Held
    init(held: Held) { self.held = held }
}

/// What the resolve that starts over asks for: `Mine` first, then `Held`.
private final class Top: Sendable {
    let mine: Mine
    let held: Held
    init(mine: Mine, held: Held) {
        self.mine = mine
        self.held = held
    }
}

private struct Boom: Error {}

/// What the holder's second injection takes: its factory throws on its first call if the
/// holder fails.
private final class Failing: Sendable { init() {} }

/// A container where the first resolve of `HeldTop` holds `Held` provisionally across its
/// async injection, which awaits `gate` on its first call only; its next injection then
/// fails if `holderFails`.
private func holderContainer(
    gate: AsyncGate, entered: AsyncGate, counts: Counts, holderFails: Bool = false
) -> DIContainer {
    let container = DIContainer()
    container.register { () -> Held in
        counts.add("Held")
        return Held()
    }
    .lifetime(.perContainer(.strong))
    .postInit { (_: Held) in counts.add("Held.postInit") }
    container.register(HeldTop.init)
        .injection { (_: HeldTop, _: Held) async in
            counts.add("HeldTop.injection")
            guard counts["HeldTop.injection"] == 1 else { return }
            entered.open()
            await gate.wait()
        }
        .injection { (_: HeldTop, _: Failing) in }
    container.register { () throws -> Failing in
        counts.add("Failing")
        if holderFails && counts["Failing"] == 1 { throw Boom() }
        return Failing()
    }
    return container
}

/// A resolve starts over after its first try built `Mine`.
///
/// Its first try built `Mine` (provisionally: its injection was scheduled) and then met
/// `Held`, which the holder keeps across an await. Exits 0 if it dropped `Mine` when
/// it started over: a resolve of `Mine` meanwhile builds the one kept, with its injection
/// run, and the dropped instance's injection never runs.
private func startOverDroppingWhatTheFirstTryBuilt() async {
    DIContainer.slowBuildWarning = .zero
    let watchdog = startWatchdog(20, "a resolve of Mine waited for a resolve that waits for Held")
    let gate = AsyncGate()
    let entered = AsyncGate()
    let counts = Counts()
    let container = holderContainer(gate: gate, entered: entered, counts: counts)
    let watcher = WaitWatcher([Held.self])
    container.addObserver(watcher)
    container.register { () -> Mine in
        counts.add("Mine")
        return Mine(number: counts["Mine"])
    }
    .lifetime(.perContainer(.strong))
    .injection { (mine: Mine, _: HeldTopless) in
        counts.add("Mine.injection")
        mine.isInjected.withLock { $0 = true }
    }
    container.register { HeldTopless() }
    container.register(Top.init)
    let holder = Task.detached { try? await container.resolveAsync(HeldTop.self) }
    await entered.wait()
    let restarting = Task.detached { try? await container.resolveAsync(Top.self) }
    // It has met `Held` and suspended: it holds nothing now.
    await watcher.waits(for: Held.self).reach(1)
    guard let mine = try? await container.resolveAsync(Mine.self) else {
        print("Mine failed")
        exit(1)
    }
    precondition(mine.isInjected.withLock { $0 }, "Mine handed out before its injection ran")
    precondition(mine.number == 2, "the dropped Mine (1) was handed out")
    gate.open()
    guard await holder.value != nil, let top = await restarting.value else {
        print("a resolve failed")
        exit(1)
    }
    precondition(top.mine === mine, "the resolve that started over took another Mine")
    precondition(counts["Mine"] == 2, "Mine built \(counts["Mine"]) times")
    precondition(counts["Mine.injection"] == 1, "Mine's injection ran \(counts["Mine.injection"]) times")
    precondition(counts["Held"] == 1 && counts["Held.postInit"] == 1, "Held built or started twice")
    watchdog.cancel()
}

/// `Mine`'s injected dependency.
private final class HeldTopless: Sendable { init() {} }

/// The holder's resolve fails after many more tasks than threads have met `Held`.
///
/// Exits 0 if
/// the holder gets its injection's error and every waiter returns the one `Held` built again
/// (the documented rule: a failed resolve keeps nothing, and its waiters claim again), its
/// `postInit` run once.
private func waitersOfAFailingHolderBuildAgainOnce() async {
    DIContainer.slowBuildWarning = .zero
    let watchdog = startWatchdog(20, "the waiters of a failing holder never returned")
    let gate = AsyncGate()
    let entered = AsyncGate()
    let counts = Counts()
    let container = holderContainer(gate: gate, entered: entered, counts: counts, holderFails: true)
    let watcher = WaitWatcher([Held.self])
    container.addObserver(watcher)
    let holder = Task.detached { () -> DIError? in
        do throws(DIError) {
            _ = try await container.resolveAsync(HeldTop.self)
            return nil
        } catch {
            return error
        }
    }
    await entered.wait()
    let count = moreTasksThanThreads
    let waiters = (0..<count).map { _ in Task.detached { try? await container.resolveAsync(HeldTop.self) } }
    await watcher.waits(for: Held.self).reach(count)
    gate.open()
    guard let error = await holder.value, error.code == .factoryFailed, error.description.contains("Boom") else {
        print("the holder did not fail with its injection's error")
        exit(1)
    }
    var held: Held?
    for waiter in waiters {
        guard let top = await waiter.value else {
            print("a waiter failed")
            exit(1)
        }
        precondition(held == nil || top.held === held, "two Held instances handed out")
        held = top.held
    }
    precondition(counts["Held"] == 2, "Held built \(counts["Held"]) times: the holder's, then one again")
    precondition(counts["Held.postInit"] == 1, "Held's postInit ran \(counts["Held.postInit"]) times")
    let kept = try? await container.resolveAsync(Held.self)
    precondition(kept === held, "the cache keeps another Held")
    watchdog.cancel()
}

/// A main-actor component beside `Held`: the awaited resolve's synchronous pass runs on the
/// main actor.
@MainActor private final class OnMain {
    let held: Held
    init(held: Held) { self.held = held }
}

/// An awaited pass on the main actor meets a build whose holder needs the main actor.
///
/// The holder's injection hops to the main actor while it holds `Held`; an awaited resolve
/// whose pass runs on the main actor meets `Held` meanwhile. Exits 0 if both return: the
/// pass left the main actor free instead of blocking it on `Held`.
private func passOnTheMainActorMeetingAHeldBuild() async {
    DIContainer.slowBuildWarning = .zero
    let watchdog = startWatchdog(20, "an awaited pass blocked the main actor")
    let gate = AsyncGate()
    let entered = AsyncGate()
    let counts = Counts()
    let container = DIContainer()
    let watcher = WaitWatcher([Held.self])
    container.addObserver(watcher)
    container.register { () -> Held in
        counts.add("Held")
        return Held()
    }
    .lifetime(.perContainer(.strong))
    .postInit { (_: Held) in counts.add("Held.postInit") }
    container.register(HeldTop.init)
        .injection { (_: HeldTop, _: Held) async in
            guard counts["entered"] == 0 else { return }
            counts.add("entered")
            entered.open()
            await gate.wait()
            await MainActor.run { counts.add("main") }
        }
    container.register(OnMain.init)
    let holder = Task.detached { try? await container.resolveAsync(HeldTop.self) }
    await entered.wait()
    let onMain = Task.detached { try? await container.resolveAsync(OnMain.self) }
    await watcher.waits(for: Held.self).reach(1)
    gate.open()
    guard let top = await holder.value, let screen = await onMain.value else {
        print("a resolve failed")
        exit(1)
    }
    precondition(screen.held === top.held, "two Held instances")
    precondition(counts["Held"] == 1 && counts["main"] == 1, "Held built twice, or the hop never ran")
    watchdog.cancel()
}

@Suite struct AwaitedWaitTests {
    /// Many more tasks than threads wait for a build held across an async factory's await,
    /// through every awaited door: all return the one instance.
    @Test func manyMoreTasksThanThreadsWaitForABuildHeldAcrossAnAsyncFactory() async {
        await #expect(processExitsWith: .success) {
            await manyTasksAwaitABuildHeldAcrossAnAsyncFactory()
        }
    }

    /// A resolve that starts over drops what its first try built and scheduled: no one gets
    /// it, its injection never runs, and no one waits for it meanwhile.
    @Test func aResolveThatStartsOverLeavesNothingHalfBuilt() async {
        await #expect(processExitsWith: .success) {
            await startOverDroppingWhatTheFirstTryBuilt()
        }
    }

    /// The holder fails: it gets its own error, and its waiters build the component once more.
    @Test func waitersOfAFailingHolderBuildItAgainOnce() async {
        await #expect(processExitsWith: .success) {
            await waitersOfAFailingHolderBuildAgainOnce()
        }
    }

    /// An awaited pass on the main actor suspends rather than blocking the main actor on a
    /// build whose holder needs the main actor.
    @Test func anAwaitedPassOnTheMainActorNeverBlocksIt() async {
        await #expect(processExitsWith: .success) {
            await passOnTheMainActorMeetingAHeldBuild()
        }
    }
}

/// Injects `CycleB`, which injects it.
///
/// A cycle of cached components closed by property injections; weak links, so a round's
/// instances go with their container.
private final class CycleA: Sendable {
    private struct Link { weak var b: CycleB? }
    private let link = Guarded(Link())
    var b: CycleB? { link.withLock { $0.b } }
    func attach(_ b: CycleB) { link.withLock { $0.b = b } }
}

private final class CycleB: Sendable {
    private struct Link { weak var a: CycleA? }
    private let link = Guarded(Link())
    var a: CycleA? { link.withLock { $0.a } }
    func attach(_ a: CycleA) { link.withLock { $0.a = a } }
}

/// Registered only so that the container has an async factory: every `try await` resolve of
/// it is then an awaited resolve, with a synchronous pass.
private final class Unrelated: Sendable { init() {} }

/// Makes the first `CycleA` and the first `CycleB` be built at once, in two tasks: the first
/// call of each factory waits (a second at most, so a pool of one thread still ends) until
/// the other's first call has begun.
private final class Rendezvous: Sendable {
    private let aBegan = DispatchSemaphore(value: 0)
    private let bBegan = DispatchSemaphore(value: 0)
    private let calls = Guarded((a: 0, b: 0))

    func beginA() {
        let call = calls.withLock { calls -> Int in
            calls.a += 1
            return calls.a
        }
        guard call == 1 else { return }
        aBegan.signal()
        _ = bBegan.wait(timeout: .now() + 1)
    }

    func beginB() {
        let call = calls.withLock { calls -> Int in
            calls.b += 1
            return calls.b
        }
        guard call == 1 else { return }
        bBegan.signal()
        _ = aBegan.wait(timeout: .now() + 1)
    }
}

/// Two awaited resolves enter a cycle of cached components from opposite ends at once.
///
/// Each then needs the other's provisional instance. Exits 0 if both return the cycle closed.
private func twoAwaitedResolvesCloseACycleAtOnce() async {
    let watchdog = startWatchdog(60, "two awaited resolves of one cycle never returned")
    for _ in 0..<20 {
        let rendezvous = Rendezvous()
        let container = DIContainer()
        container.register { () -> CycleA in
            rendezvous.beginA()
            return CycleA()
        }
        .lifetime(.perContainer(.strong))
        .injection { (a: CycleA, b: CycleB) in a.attach(b) }
        container.register { () -> CycleB in
            rendezvous.beginB()
            return CycleB()
        }
        .lifetime(.perContainer(.strong))
        .injection { (b: CycleB, a: CycleA) in b.attach(a) }
        container.register { () async in Unrelated() }
        async let first = Task.detached { () -> Bool in
            guard let a = try? await container.resolveAsync(CycleA.self), let b = a.b else { return false }
            return b.a === a
        }.value
        async let second = Task.detached { () -> Bool in
            guard let b = try? await container.resolveAsync(CycleB.self), let a = b.a else { return false }
            return a.b === b
        }.value
        let (a, b) = await (first, second)
        guard a, b else {
            print("a resolve of the cycle failed or returned it open")
            exit(1)
        }
    }
    watchdog.cancel()
}

@Suite struct AwaitedCycleTests {
    /// The awaited resolve that finds the cycle starts over once the other has ended, as a
    /// synchronous one does (`ConcurrentCycleTests`), rather than failing with `cycle`.
    @Test func aCycleResolvedFromTwoAwaitedResolvesAtOnceIsClosedInEveryInstance() async {
        await #expect(processExitsWith: .success) {
            await twoAwaitedResolvesCloseACycleAtOnce()
        }
    }
}
