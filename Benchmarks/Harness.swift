import Dispatch
import Foundation
import Synchronization

/// How long to measure.
struct MeasurementSettings {
    /// Time spent running each probe before its samples are taken.
    let warmUpNanoseconds: UInt64
    /// The target length of one sample.
    let sampleNanoseconds: UInt64
    /// How many samples of each probe.
    let samples: Int

    static let full = MeasurementSettings(
        warmUpNanoseconds: 200_000_000, sampleNanoseconds: 100_000_000, samples: 9)
    static let quick = MeasurementSettings(
        warmUpNanoseconds: 10_000_000, sampleNanoseconds: 10_000_000, samples: 5)
}

/// One thing to time: runs a number of iterations and returns the elapsed nanoseconds.
struct Probe {
    /// Operations one iteration counts for (the number of threads for a concurrent probe).
    let operationsPerIteration: Int
    let run: (_ iterations: Int) -> UInt64

    /// Times `workload` on the current thread.
    static func serial(_ workload: @escaping Workload) -> Probe {
        let sink = Sink()
        return Probe(operationsPerIteration: 1) { iterations in
            let start = now()
            workload(iterations, sink)
            return now() - start
        }
    }

    /// Times `workload` run on `threads` threads at once.
    ///
    /// The time runs from the moment every thread is ready until the last one is done. Each
    /// run starts its own threads, which wait for each other at a barrier, so the work itself
    /// overlaps.
    static func concurrent(threads: Int, _ workload: @escaping Workload) -> Probe {
        Probe(operationsPerIteration: threads) { iterations in
            let barrier = StartBarrier(parties: threads)
            let done = DispatchGroup()
            for _ in 0..<threads {
                done.enter()
                Thread {
                    barrier.arriveAndWait()
                    let start = now()
                    workload(iterations, Sink())
                    barrier.record(start: start, end: now())
                    done.leave()
                }
                .start()
            }
            done.wait()
            return barrier.wallTime
        }
    }
}

/// Holds threads back until all have arrived, and keeps when each worked.
final class StartBarrier: Sendable {
    private let parties: Int
    private let arrived = Atomic(0)
    private let times = Mutex<(start: UInt64, end: UInt64)>((.max, 0))

    init(parties: Int) { self.parties = parties }

    /// Spins until every party has arrived (a short wait: threads are started together).
    func arriveAndWait() {
        arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < parties {}
    }

    func record(start: UInt64, end: UInt64) {
        times.withLock { $0 = (min($0.start, start), max($0.end, end)) }
    }

    /// From the first thread's start to the last thread's end.
    var wallTime: UInt64 { times.withLock { $0.end - $0.start } }
}

/// The figures of one probe.
struct Statistics {
    /// Median nanoseconds per operation over the samples.
    let median: Double
    let minimum: Double
    let maximum: Double
    /// Every operation the probe ran, calibration and warm-up included.
    let operations: Int

    /// The distance between the slowest and the fastest sample, relative to the median.
    var spread: Double { median > 0 ? (maximum - minimum) / median : 0 }
}

/// Nanoseconds of a monotonic clock.
@inline(__always)
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Measures `probes` side by side: calibrates each, warms each up, then takes samples in
/// rounds, one sample of every probe per round in a rotating order, so a slow patch of the
/// machine falls on all of them alike.
func measure(_ probes: [Probe], settings: MeasurementSettings) -> [Statistics] {
    var operations = Array(repeating: 0, count: probes.count)
    var batch = Array(repeating: 1, count: probes.count)
    for (index, probe) in probes.enumerated() {
        // Calibrate: double the batch until it takes a tenth of a sample, then scale it.
        var iterations = 1
        while true {
            let elapsed = probe.run(iterations)
            operations[index] += iterations * probe.operationsPerIteration
            if elapsed >= settings.sampleNanoseconds / 10 || iterations >= 1 << 40 {
                let scaled =
                    Double(iterations) * Double(settings.sampleNanoseconds) / Double(max(elapsed, 1))
                batch[index] = max(1, Int(scaled))
                break
            }
            iterations *= 2
        }
        // Warm up.
        var warm: UInt64 = 0
        while warm < settings.warmUpNanoseconds {
            warm += probe.run(batch[index])
            operations[index] += batch[index] * probe.operationsPerIteration
        }
    }
    var samples = Array(repeating: [Double](), count: probes.count)
    for round in 0..<settings.samples {
        for offset in 0..<probes.count {
            let index = (round + offset) % probes.count
            let probe = probes[index]
            let elapsed = probe.run(batch[index])
            let count = batch[index] * probe.operationsPerIteration
            operations[index] += count
            samples[index].append(Double(elapsed) / Double(count))
        }
    }
    return samples.indices.map { index in
        let sorted = samples[index].sorted()
        return Statistics(
            median: sorted[sorted.count / 2],
            minimum: sorted.first ?? 0,
            maximum: sorted.last ?? 0,
            operations: operations[index])
    }
}
