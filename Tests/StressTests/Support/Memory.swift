import AllocatorStats

/// Bytes the process has allocated and not freed, as the C allocator counts them.
///
/// `nil` where the allocator gives no count (tests that need it are then skipped). Other
/// tests running at the same time move the figure: compare large differences only.
enum Memory {
    static var allocatedBytes: Int? {
        allocator_stats_available() ? Int(allocator_stats_bytes_in_use()) : nil
    }

    /// Whether the count is there and means something: a sanitizer's allocator replaces the C
    /// allocator's (whose count then stays still).
    static var isMeasured: Bool { allocator_stats_available() && !Budget.isSanitized }

    /// The growth of the allocated bytes over `body`.
    static func growth(_ body: () throws -> Void) rethrows -> Int {
        let before = allocatedBytes ?? 0
        try body()
        return (allocatedBytes ?? 0) - before
    }
}
