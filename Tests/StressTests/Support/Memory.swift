import AllocatorStats

/// Bytes the process has allocated and not freed, as the C allocator counts them.
///
/// `nil` where the allocator gives no count (tests that need it are then skipped). Other
/// tests running at the same time move the figure: compare large differences only.
enum Memory {
    static var allocatedBytes: Int? {
        allocator_stats_available() ? Int(allocator_stats_bytes_in_use()) : nil
    }

    static var isMeasured: Bool { allocator_stats_available() }

    /// The growth of the allocated bytes over `body`.
    static func growth(_ body: () throws -> Void) rethrows -> Int {
        let before = allocatedBytes ?? 0
        try body()
        return (allocatedBytes ?? 0) - before
    }
}
