/// Identifies the one instance a cache keeps for a component: the gate's key for its build.
///
/// Also the key of other tables keyed by an object and a small integer, none holding a key
/// longer than its object lives: DIModules' `ModuleTypes` (a type) and the awaited walk's
/// visits (`AsyncPreparation`: a container and a registration).
@usableFromInline package struct BuildKey: Hashable, Sendable {
    /// The cache (a cell, or a scope); for another table, the object it keys by.
    let object: ObjectIdentifier
    /// What the cache keys the instance by, or `0` for a cell that keeps one instance.
    let index: Int

    /// The key of the instance kept by `object` under `index`.
    package init(_ object: ObjectIdentifier, index: Int = 0) {
        self.object = object
        self.index = index
    }

    /// One word hashed, not two: DIModules' `ModuleTypes` and a module's `OnceTable` hash a key
    /// on each append of a part.
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(word) }

    /// The key is an address and a small integer, already spread: one multiplication by
    /// ``FibonacciHash``'s multiplier, seeded as the dictionary asks, mixes it enough, where a
    /// `Hasher` runs a seeded SipHash.
    // NB: `_rawHashValue(seed:)` is the standard library's customization point for the hash
    // `Dictionary` and `Set` use; equal keys give equal words, so equal hashes for a seed.
    @usableFromInline package func _rawHashValue(seed: Int) -> Int {
        let product = (word ^ UInt(bitPattern: seed)).multipliedFullWidth(by: FibonacciHash.multiplier)
        return Int(bitPattern: product.high ^ product.low)
    }

    /// The key as one word: the object's address mixed with its index.
    private var word: UInt { UInt(bitPattern: object) ^ FibonacciHash.mix(UInt(bitPattern: index)) }
}
