import DICore
import DILifetime
import Dispatch
import Synchronization
import Testing

/// What `Held`'s property injection sets.
private final class Piece: Sendable { init() {} }

/// Never registered: a resolve that asks for it fails.
private final class Missing: Sendable { init() {} }

/// A cached component with a property injection, numbered by the test that made it (compared
/// by number, never by address).
private final class Held: Sendable {
    let number: Int
    private let stored = Protected<Piece?>(nil)
    init(number: Int) { self.number = number }
    var piece: Piece? { stored.withLock { $0 } }
    func attach(_ piece: Piece) { stored.withLock { $0 = piece } }
}

/// A cached component whose factory another thread is running while the first resolve waits.
private final class Slow: Sendable { init() {} }

/// Built around `Held` and then `Slow`: its resolve holds `Held` provisionally while it waits.
private final class Top: Sendable {
    let held: Held
    init(held: Held, slow: Slow) { self.held = held }
}

/// Counts the instances a test makes.
private final class Counter: Sendable {
    private let value = Protected(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}

/// Tells the test which resolve waits for what: every wait is reported at once
/// (`DIContainer.slowBuildWarning` is zero in these exit tests).
private final class WaitWatcher: DIObserver {
    let waitsForSlow = DispatchSemaphore(value: 0)
    let waitsForHeld = DispatchSemaphore(value: 0)
    func container(_ container: DIContainer, isWaitingFor build: DISlowBuild) {
        if build.component.type == Slow.self { waitsForSlow.signal() }
        if build.component.type == Held.self { waitsForHeld.signal() }
    }
}

/// A third thread asks for `Held` while a first resolve holds it provisionally.
///
/// The first resolve waits meanwhile for `Slow`, which a second thread builds. `firstFails`:
/// the first resolve then fails (after `Slow`, it lacks `Missing`).
///
/// Returns the number and piece of the `Held` the third thread got, and the number of the
/// one the container keeps afterwards.
private func thirdThreadAsksForAHeldInstance(firstFails: Bool) -> (number: Int?, hasPiece: Bool, kept: Int?) {
    let counter = Counter()
    let slowEntered = DispatchSemaphore(value: 0)
    let slowRelease = DispatchSemaphore(value: 0)
    let container = DIContainer()
    container.register { () -> Slow in
        slowEntered.signal()
        slowRelease.wait()
        return Slow()
    }
    .lifetime(.perContainer(.strong))
    container.register { Held(number: counter.next()) }
        .lifetime(.perContainer(.strong))
        .injection { (held: Held, piece: Piece) in held.attach(piece) }
    container.register { Piece() }
    if firstFails {
        container.register { (held: Held, slow: Slow, _: Missing) in Top(held: held, slow: slow) }
    } else {
        container.register(Top.init)
    }
    let watcher = WaitWatcher()
    container.addObserver(watcher)
    // What the third thread got, as its resolve returned it.
    let third = Protected<(number: Int, hasPiece: Bool)?>(nil)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { _ = try? container.resolve(Slow.self) }
    precondition(slowEntered.wait(timeout: .now() + 60) == .success)
    DispatchQueue.global().async(group: group) { _ = try? container.resolve(Top.self) }
    precondition(watcher.waitsForSlow.wait(timeout: .now() + 60) == .success, "the first resolve never waited")
    DispatchQueue.global().async(group: group) {
        let held = try? container.resolve(Held.self)
        third.withLock { $0 = held.map { ($0.number, $0.piece != nil) } }
        // The third thread returned without waiting (what the test must not see).
        watcher.waitsForHeld.signal()
    }
    precondition(watcher.waitsForHeld.wait(timeout: .now() + 60) == .success)
    slowRelease.signal()
    precondition(group.wait(timeout: .now() + 60) == .success, "a resolve never ended")
    let got = third.withLock { $0 }
    return (got?.number, got?.hasPiece ?? false, (try? container.resolve(Held.self))?.number)
}

// Issue 36, point 1: a resolve that waited for another thread's build released what it held
// provisionally, so a third thread took an instance whose injections had not run.
@Suite struct ProvisionalInstanceTests {
    /// The third thread waits until the first resolve has run `Held`'s injection.
    @Test func anotherThreadWaitsForAHeldInstanceUntilItsResolveEnds() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .zero
            let (number, hasPiece, kept) = thirdThreadAsksForAHeldInstance(firstFails: false)
            precondition(number != nil, "the third thread got nothing")
            precondition(hasPiece, "the third thread got an instance whose injection had not run")
            precondition(number == kept, "the third thread's instance is not the one kept")
        }
    }

    /// When the first resolve fails, the third thread builds the one instance the cache keeps;
    /// the dropped one never left the first resolve.
    @Test func anotherThreadNeverGetsAHeldInstanceItsResolveDrops() async {
        await #expect(processExitsWith: .success) {
            DIContainer.slowBuildWarning = .zero
            let (number, hasPiece, kept) = thirdThreadAsksForAHeldInstance(firstFails: true)
            precondition(number != nil, "the third thread got nothing")
            precondition(hasPiece, "the third thread got an instance whose injection had not run")
            precondition(number == kept, "two instances of one .perContainer component")
        }
    }
}

/// Injects `CycleB`, which injects it: a cycle of cached components closed by property
/// injections.
///
/// Weak links, so a round's instances go with their container.
private final class CycleA: Sendable {
    private struct Link { weak var b: CycleB? }
    private let link = Protected(Link())
    var b: CycleB? { link.withLock { $0.b } }
    func attach(_ b: CycleB) { link.withLock { $0.b = b } }
}

private final class CycleB: Sendable {
    private struct Link { weak var a: CycleA? }
    private let link = Protected(Link())
    var a: CycleA? { link.withLock { $0.a } }
    func attach(_ a: CycleA) { link.withLock { $0.a = a } }
}

/// Makes the first `CycleA` and the first `CycleB` be built at once, on two threads: the first
/// call of each factory waits until the other's first call has begun.
///
/// A thread resolving `CycleA` calls `CycleA`'s factory first, and one resolving `CycleB`
/// `CycleB`'s, so the two first calls are on the two threads and both return; later calls
/// (a resolve that starts over) do not wait.
private final class Rendezvous: Sendable {
    private let aBegan = DispatchSemaphore(value: 0)
    private let bBegan = DispatchSemaphore(value: 0)
    private let calls = Protected((a: 0, b: 0))

    func beginA() {
        guard
            calls.withLock({
                $0.a += 1; return $0.a
            }) == 1
        else { return }
        aBegan.signal()
        bBegan.wait()
    }

    func beginB() {
        guard
            calls.withLock({
                $0.b += 1; return $0.b
            }) == 1
        else { return }
        bBegan.signal()
        aBegan.wait()
    }
}

private func cycleContainer(_ rendezvous: Rendezvous? = nil) -> DIContainer {
    let container = DIContainer()
    container.register { () -> CycleA in
        rendezvous?.beginA()
        return CycleA()
    }
    .lifetime(.perContainer(.strong))
    .injection { (a: CycleA, b: CycleB) in a.attach(b) }
    container.register { () -> CycleB in
        rendezvous?.beginB()
        return CycleB()
    }
    .lifetime(.perContainer(.strong))
    .injection { (b: CycleB, a: CycleA) in b.attach(a) }
    return container
}

/// Whether `a`'s cycle is closed when its resolve returns it.
private func isClosed(_ a: CycleA?) -> Bool {
    guard let a, let b = a.b else { return false }
    return b.a === a
}

private func isClosed(_ b: CycleB?) -> Bool {
    guard let b, let a = b.a else { return false }
    return a.b === b
}

// Issue 36, point 1: two resolves of one cycle at once each returned an instance whose cycle
// the other had not closed yet.
@Suite struct ConcurrentCycleTests {
    /// Both instances are built before either injection runs: each resolve then needs the
    /// other's provisional instance.
    @Test func aCycleResolvedFromTwoThreadsAtOnceIsClosedInEveryInstance() async {
        for _ in 0..<100 {
            let container = cycleContainer(Rendezvous())
            async let first = onThread { isClosed(try? container.resolve(CycleA.self)) }
            async let second = onThread { isClosed(try? container.resolve(CycleB.self)) }
            let (a, b) = await (first, second)
            #expect(a)
            #expect(b)
            let kept = try? await container.resolve(CycleA.self)
            #expect(isClosed(kept))
        }
    }

    /// No rendezvous here: blocking two tasks on each other could starve the cooperative pool.
    @Test func aCycleResolvedFromTwoTasksAtOnceIsClosedInEveryInstance() async {
        for _ in 0..<100 {
            let container = cycleContainer()
            async let first = Task { () -> Bool in isClosed(try? await container.resolve(CycleA.self)) }.value
            async let second = Task { () -> Bool in isClosed(try? await container.resolve(CycleB.self)) }.value
            let (a, b) = await (first, second)
            #expect(a)
            #expect(b)
        }
    }
}
