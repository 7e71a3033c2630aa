#ifndef SYRINGE_MEMORY_H
#define SYRINGE_MEMORY_H

// Raw memory straight from malloc. Swift's `UnsafeMutableRawPointer.allocate` asks the runtime for an
// aligned allocation (posix_memalign) even at malloc's own alignment, which costs about three times a
// malloc; registrations and tables allocate their blocks here instead. malloc's alignment (16 bytes on
// the platforms Syringe supports) covers every block Syringe makes.

#include <stdlib.h>

/// `size` bytes aligned to 16; stops the program when memory is exhausted, as Swift's allocations do.
static inline void *_Nonnull syringe_allocate(size_t size) {
    void *memory = malloc(size == 0 ? 1 : size);
    if (__builtin_expect(memory == 0, 0)) abort();
    return memory;
}

/// `size` bytes (at least 1) on cache lines of their own: 64-byte aligned, rounded up to whole lines, so that no
/// other allocation's hot words (an object's reference count) share a line with them. Freed with
/// `syringe_deallocate`.
static inline void *_Nonnull syringe_allocate_lines(size_t size) {
    size_t rounded = size == 0 ? 64 : (size + 63) & ~(size_t)63;
    void *memory = 0;
    if (__builtin_expect(posix_memalign(&memory, 64, rounded) != 0 || memory == 0, 0)) abort();
    return memory;
}

static inline void syringe_deallocate(void *_Nullable memory) {
    free(memory);
}

#endif
