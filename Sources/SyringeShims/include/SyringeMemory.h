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

static inline void syringe_deallocate(void *_Nullable memory) {
    free(memory);
}

#endif
