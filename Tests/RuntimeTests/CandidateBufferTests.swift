import TestSupport
import Testing

@testable import DICore

@Suite struct CandidateBufferTests {
    /// Bindings extended at random, the newest or an older one, against arrays: each keeps the
    /// candidates it was made with, in order, whatever was appended after it.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everySnapshotKeepsItsPrefix(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let first = AnyCandidate(isComponent: false)
        var snapshots: [(buffer: CandidateBuffer, count: Int, model: [AnyCandidate])] = [
            (CandidateBuffer.make([first], capacity: 1), 1, [first])
        ]
        for step in 0..<1_000 {
            // Mostly the newest, as the registry does; sometimes an older one (a copy).
            let base =
                Int.random(in: 0..<10, using: &generator) == 0
                ? snapshots[Int.random(in: 0..<snapshots.count, using: &generator)] : snapshots[snapshots.count - 1]
            let candidate = AnyCandidate(isComponent: false)
            let buffer = base.buffer.appending(candidate, after: base.count)
            snapshots.append((buffer, base.count + 1, base.model + [candidate]))
            if snapshots.count > 64 { snapshots.removeFirst(Int.random(in: 1...32, using: &generator)) }
            // Every snapshot now and then, else the newest and the one it was made from.
            let checked = step % 100 == 99 ? snapshots : [base, snapshots[snapshots.count - 1]]
            for snapshot in checked {
                for position in 0..<snapshot.count where snapshot.buffer[position] !== snapshot.model[position] {
                    Issue.record("a snapshot of \(snapshot.count) changed at \(position)")
                    return
                }
            }
        }
    }

    /// Appending to the newest binding's buffer while it has room reuses it; a full one, or an
    /// older binding's, is copied into a new one.
    @Test func appendsInPlaceOnlyToTheNewestPrefix() {
        let buffer = CandidateBuffer.make([AnyCandidate(isComponent: false)], capacity: 4)
        let second = buffer.appending(AnyCandidate(isComponent: false), after: 1)
        #expect(second === buffer)
        let branch = buffer.appending(AnyCandidate(isComponent: false), after: 1)
        #expect(branch !== buffer)
        #expect(branch[0] === buffer[0])
    }

    /// A buffer releases the candidates it holds when it goes.
    @Test func releasesItsCandidates() {
        weak var weakCandidate: AnyCandidate?
        do {
            let candidate = AnyCandidate(isComponent: false)
            weakCandidate = candidate
            var buffer = CandidateBuffer.make([candidate], capacity: 1)
            for count in 1..<40 { buffer = buffer.appending(AnyCandidate(isComponent: false), after: count) }
            #expect(buffer[0] === candidate)
        }
        #expect(weakCandidate == nil)
    }
}
