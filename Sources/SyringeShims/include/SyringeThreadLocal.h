#ifndef SYRINGE_THREAD_LOCAL_H
#define SYRINGE_THREAD_LOCAL_H

// Per-thread state of the synchronous engine: the innermost resolution frame, and the lowest usable
// stack address. C11 thread-locals: one TLS access, where pthread_getspecific is a call.

#include <stdint.h>

extern _Thread_local void *_Nullable syringe_current_frame_storage;
extern _Thread_local uintptr_t syringe_stack_limit_storage;

static inline void *_Nullable syringe_current_frame(void) {
    return syringe_current_frame_storage;
}

static inline void syringe_set_current_frame(void *_Nullable frame) {
    syringe_current_frame_storage = frame;
}

/// Computes and caches the current thread's lowest stack address (0 when the platform cannot tell).
uintptr_t syringe_stack_limit_slow(void);

/// Bytes of stack left below the caller's frame, or INTPTR_MAX when the platform cannot tell.
static inline intptr_t syringe_stack_remaining(void) {
    uintptr_t limit = syringe_stack_limit_storage;
    if (__builtin_expect(limit == 0, 0)) limit = syringe_stack_limit_slow();
    if (limit == 1) return INTPTR_MAX;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    return here > limit ? (intptr_t)(here - limit) : 0;
}

/// A number that identifies the current thread while it runs: the address of one of its thread-locals.
static inline uintptr_t syringe_thread_id(void) {
    return (uintptr_t)&syringe_current_frame_storage;
}

/// Gives the processor to another thread (a wait of a few instructions' length on another thread's store).
void syringe_yield(void);

/// Scratch memory for the value a resolve returns, in a per-thread stack (64 KiB, then the heap):
/// `syringe_scratch_push` returns `size` bytes aligned to 16, `syringe_scratch_pop` gives back the memory of
/// the latest push. Unspecialised generic code cannot allocate a value of its generic type on its own stack
/// without a metadata lookup; this costs a few instructions.
extern _Thread_local unsigned char *_Nullable syringe_scratch_top;
extern _Thread_local unsigned char *_Nullable syringe_scratch_base;
extern _Thread_local unsigned char *_Nullable syringe_scratch_end;
void *_Nonnull syringe_scratch_push_slow(uintptr_t size);
/// Room for `size` bytes aligned to more than 16 (`alignment`, a power of two): the heap, given back by pop.
void *_Nonnull syringe_scratch_push_aligned(uintptr_t size, uintptr_t alignment);
void syringe_scratch_pop_slow(void *_Nonnull memory);

static inline void *_Nonnull syringe_scratch_push(uintptr_t size) {
    uintptr_t needed = (size + 15) & ~(uintptr_t)15;
    if (needed == 0) needed = 16;
    unsigned char *top = syringe_scratch_top;
    if (__builtin_expect(top != 0 && (uintptr_t)(syringe_scratch_end - top) >= needed, 1)) {
        syringe_scratch_top = top + needed;
        return top;
    }
    return syringe_scratch_push_slow(size);
}

/// Whether `memory` is the current thread's region (else the heap's): then giving it back moves the top down.
static inline int syringe_scratch_in_region(void *_Nonnull memory) {
    unsigned char *start = (unsigned char *)memory;
    return start >= syringe_scratch_base && start < syringe_scratch_end;
}

static inline void syringe_scratch_pop(void *_Nonnull memory) {
    if (__builtin_expect(syringe_scratch_in_region(memory), 1)) {
        syringe_scratch_top = (unsigned char *)memory;
    } else {
        syringe_scratch_pop_slow(memory);
    }
}

/// Per-thread pointer slots for the state of the call running on a thread (see `ThreadLocalPointer`): C
/// thread-locals, one access each, where a pthread key costs a call into the C library.
enum { syringe_thread_slot_count = 2 };
extern _Thread_local void *_Nullable syringe_thread_slots[syringe_thread_slot_count];

static inline void *_Nullable syringe_thread_slot(uintptr_t index) {
    return syringe_thread_slots[index];
}

static inline void syringe_set_thread_slot(uintptr_t index, void *_Nullable value) {
    syringe_thread_slots[index] = value;
}

#endif
