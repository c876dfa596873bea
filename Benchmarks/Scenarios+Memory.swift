import DICore
import HeapStatistics

/// What a container holds in memory, measured once (not timed).
struct MemoryResult {
    let name: String
    /// Bytes the library's container holds after its registrations and one resolve of each.
    let bytes: Int
    /// Bytes the library's container holds after its registrations, before any resolve.
    let bytesBeforeResolve: Int
    /// The same as ``bytes`` for the naive container.
    let naiveBytes: Int
    /// The same as ``bytesBeforeResolve`` for the naive container.
    let naiveBytesBeforeResolve: Int

    var ratioToNaive: Double { Double(bytes) / Double(max(naiveBytes, 1)) }
    var ratioBeforeResolveToNaive: Double {
        Double(bytesBeforeResolve) / Double(max(naiveBytesBeforeResolve, 1))
    }
}

/// The allocator's bytes in use now.
private func heapBytes() -> Int { Int(heap_statistics_allocated_bytes()) }

extension MemoryResult {
    /// `memory100`: the bytes a container of the 100 services holds before any resolve and
    /// after one resolve of each, beside the naive container's.
    ///
    /// A first container of each kind is made and dropped before measuring, so what the
    /// process keeps once (interned registration sites, type metadata) is not counted.
    static func memory100() -> MemoryResult {
        func measure<C>(
            _ make: () -> C, register: (C) -> Void, resolveEach: (C) -> Void
        ) -> (before: Int, after: Int) {
            do {
                let warmUp = make()
                register(warmUp)
                resolveEach(warmUp)
            }
            let start = heapBytes()
            let container = make()
            register(container)
            let registered = heapBytes()
            resolveEach(container)
            let resolved = heapBytes()
            withExtendedLifetime(container) {}
            return (registered - start, resolved - start)
        }
        let sink = Sink()
        let library = measure(
            { DIContainer() }, register: { registerServices(in: $0) },
            resolveEach: { container in
                for type in serviceTypes { sink.consume(resolveAny(type, in: container)) }
            })
        let naive = measure(
            { NaiveContainer() }, register: { registerServices(in: $0) },
            resolveEach: { container in
                for type in serviceTypes { sink.consume(resolveAny(type, in: container)) }
            })
        return MemoryResult(
            name: "memory100", bytes: library.after, bytesBeforeResolve: library.before,
            naiveBytes: naive.after, naiveBytesBeforeResolve: naive.before)
    }
}
