import DICore
import Dispatch
import Foundation
import HeapStatistics
import Synchronization

/// The memory an awaited resolve holds while it is suspended inside an async factory.
struct InFlightResult {
    let name: String
    /// How many resolves were suspended at once.
    let tasks: Int
    /// Bytes in use while every library resolve was suspended, less the bytes before, per task.
    let libraryBytesPerTask: Int
    /// The same for hand-written code awaiting the same factory.
    let manualBytesPerTask: Int

    /// What the library adds per resolve in flight.
    var overheadPerTask: Int { libraryBytesPerTask - manualBytesPerTask }
}

/// A place where async factories wait until every one of them has arrived.
final class ParkingLot: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let arrivals = Atomic(0)

    var arrived: Int { arrivals.load(ordering: .acquiring) }

    /// Suspends the caller until ``releaseAll()``.
    func park() async {
        await withCheckedContinuation { continuation in
            waiting.withLock { $0.append(continuation) }
            arrivals.wrappingAdd(1, ordering: .releasing)
        }
    }

    func releaseAll() {
        let parked = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for continuation in parked { continuation.resume() }
    }
}

/// What the parked factory makes, and what takes it.
final class Parked: Sendable { init() {} }
final class ParkedHolder: Sendable {
    let parked: Parked
    let leaf: Leaf
    init(parked: Parked, leaf: Leaf) {
        self.parked = parked
        self.leaf = leaf
    }
}

extension InFlightResult {
    /// `awaitedInFlight10000`: 10,000 tasks, each awaiting a resolve of `ParkedHolder` whose
    /// `Parked` comes from an async factory that suspends until all have arrived; the bytes in
    /// use at that moment, per task, beside tasks awaiting the same factory written by hand.
    static func awaitedInFlight() -> InFlightResult {
        let tasks = 10_000
        /// Bytes in use with `count` resolves suspended, less the bytes before, per resolve.
        func bytesPerTask(_ count: Int, _ resolve: @escaping @Sendable (ParkingLot) async -> ParkedHolder) -> Int {
            let lot = ParkingLot()
            let done = DispatchSemaphore(value: 0)
            let before = Int(heap_statistics_allocated_bytes())
            Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<count {
                        group.addTask { _ = await resolve(lot) }
                    }
                }
                done.signal()
            }
            while lot.arrived < count { usleep(1000) }
            let peak = Int(heap_statistics_allocated_bytes())
            lot.releaseAll()
            done.wait()
            return (peak - before) / count
        }
        let lots = Mutex<ParkingLot?>(nil)
        let container = DIContainer()
        container.register { () async -> Parked in
            // NB: the lot of the round in progress; set before any resolve of the round starts.
            await lots.withLock { $0 }!.park()
            return Parked()
        }
        container.register(Leaf.init)
        container.register(ParkedHolder.init)
        let library: @Sendable (ParkingLot) async -> ParkedHolder = { lot in
            lots.withLock { $0 = lot }
            // NB: a resolve that fails here is a broken benchmark, not a result to report.
            return try! await container.resolveAsync(ParkedHolder.self)
        }
        let manual: @Sendable (ParkingLot) async -> ParkedHolder = { lot in
            await lot.park()
            return ParkedHolder(parked: Parked(), leaf: Leaf())
        }
        // A first round of one builds the components and the runtime's pools, not counted.
        _ = bytesPerTask(1, library)
        _ = bytesPerTask(1, manual)
        return InFlightResult(
            name: "awaitedInFlight10000", tasks: tasks, libraryBytesPerTask: bytesPerTask(tasks, library),
            manualBytesPerTask: bytesPerTask(tasks, manual))
    }
}
