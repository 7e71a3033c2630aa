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

/// Per-thread pointer slots (see `ThreadLocalPointer`; the third is `Scratch`'s region, the fourth the read
/// sections' record): C thread-locals, one access each, where a pthread key costs a call into the C library.
enum { syringe_thread_slot_count = 4 };
extern _Thread_local void *_Nullable syringe_thread_slots[syringe_thread_slot_count];

static inline void *_Nullable syringe_thread_slot(uintptr_t index) {
    return syringe_thread_slots[index];
}

static inline void syringe_set_thread_slot(uintptr_t index, void *_Nullable value) {
    syringe_thread_slots[index] = value;
}

#endif
