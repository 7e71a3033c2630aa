#ifndef SYRINGE_RECLAMATION_H
#define SYRINGE_RECLAMATION_H

// The reader's half of Syringe's read sections (the records and the writer's grace period are Swift's:
// Syringe/Engine/FastPath/ReadSection.swift). A thread's record is a cache line of its own whose first word is
// odd while the thread is inside a section; the record sits in the thread's fourth pointer slot.

#include <stdint.h>
#include "SyringeThreadLocal.h"

typedef struct syringe_reader syringe_reader;

/// Opens a section of the current thread, or returns NULL when the thread has no record yet. The exchange orders
/// the opening store before the section's loads, as the writer's fence orders its unpublishing before its scan.
static inline syringe_reader *_Nullable syringe_read_begin(void) {
    uintptr_t *state = (uintptr_t *)syringe_thread_slots[3];
    if (__builtin_expect(state == 0, 0)) return 0;
    __atomic_exchange_n(state, *state + 1, __ATOMIC_SEQ_CST);
    return (syringe_reader *)state;
}

static inline void syringe_read_end(syringe_reader *_Nonnull reader) {
    // The section must end after the caller retained what it copied out. Swift's ARC optimiser sinks a
    // retain past an atomic store (even a sequentially consistent one), but not past an asm memory clobber.
    __asm__ __volatile__("" ::: "memory");
    uintptr_t *state = (uintptr_t *)reader;
    __atomic_store_n(state, *state + 1, __ATOMIC_RELEASE);
}

/// A full fence: the writer's, between unpublishing memory and looking at the readers' records.
static inline void syringe_fence(void) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif
