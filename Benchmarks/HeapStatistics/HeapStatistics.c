#include "HeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
size_t heap_statistics_allocated_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#elif defined(__linux__)
#include <malloc.h>
size_t heap_statistics_allocated_bytes(void) {
    // Bytes in chunks in use, both from the heap and from mmap.
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t heap_statistics_allocated_bytes(void) { return 0; }
#endif
