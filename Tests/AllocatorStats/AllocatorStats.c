// Test support: the C allocator's count of bytes in use, which Swift's Glibc module does not
// import (malloc.h is outside its module map).
#include "AllocatorStats.h"

#include <stdlib.h>  // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

bool allocator_stats_available(void) { return true; }

size_t allocator_stats_bytes_in_use(void) { return mallinfo2().uordblks; }
#else
bool allocator_stats_available(void) { return false; }

size_t allocator_stats_bytes_in_use(void) { return 0; }
#endif
