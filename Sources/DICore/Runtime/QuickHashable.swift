/// A key a ``QuickTable`` hashes with one multiplication (``FibonacciHash``).
///
/// Its keys are addresses and small integers, already well spread: a seeded SipHash (what
/// `Dictionary` runs) buys nothing for them.
///
/// Contract: equal keys give equal words.
///
/// Guarded by `QuickTableTests`.
protocol QuickHashable: Equatable {
    /// The key as a word; equal keys give equal words.
    var quickHash: UInt { get }
}

extension ObjectIdentifier: QuickHashable {
    var quickHash: UInt { UInt(bitPattern: self) }
}
