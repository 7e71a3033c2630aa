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

/// `size` bytes (at least 1) on cache lines of their own: 64-byte aligned and rounded up to whole lines inside a
/// larger malloc'd block, so that no other allocation's hot words (an object's reference count) share a line with
/// them. `*allocation` receives the block to pass to `syringe_deallocate`. (posix_memalign costs about four
/// mallocs.)
static inline void *_Nonnull syringe_allocate_lines(size_t size, void *_Nullable *_Nonnull allocation) {
    size_t rounded = size == 0 ? 64 : (size + 63) & ~(size_t)63;
    void *memory = syringe_allocate(rounded + 64);
    *allocation = memory;
    return (void *)(((uintptr_t)memory + 63) & ~(uintptr_t)63);
}

static inline void syringe_deallocate(void *_Nullable memory) {
    free(memory);
}

#endif
