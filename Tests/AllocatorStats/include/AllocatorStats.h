#ifndef ALLOCATOR_STATS_H
#define ALLOCATOR_STATS_H

#include <stdbool.h>
#include <stddef.h>

/// Whether this platform's allocator reports the bytes in use (glibc's mallinfo2).
bool allocator_stats_available(void);

/// The bytes allocated and not yet freed, over every malloc arena; 0 where not available.
size_t allocator_stats_bytes_in_use(void);

#endif
