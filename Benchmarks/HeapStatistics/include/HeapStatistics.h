#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes the C allocator has handed out and not taken back, in this process; 0 where
/// the platform does not say.
size_t heap_statistics_allocated_bytes(void);

#endif
