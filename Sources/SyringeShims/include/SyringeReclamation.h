#ifndef SYRINGE_RECLAMATION_H
#define SYRINGE_RECLAMATION_H

// Safe memory reclamation for Syringe's lock-free reads: quiescent-state tracking in the style of
// user-space RCU.
//
// A reader wraps every lock-free read (a table probe, a published instance copied out) in
// syringe_read_begin/syringe_read_end. Inside, it touches only memory that was published before, and it
// runs no user code. A writer that unpublishes memory (a reset instance, a replaced registration, an
// outgrown table) calls syringe_synchronize() before it releases that memory: it returns once every read
// section that could still see the old memory has ended.
//
// Each thread has a record of its own, padded to its own cache lines, so readers never write to memory
// that another thread writes: two threads resolving the same singleton share nothing but the instance.
// The store that opens a section is an atomic exchange, so it is visible before the section's loads: one
// path on every platform, tested as it runs everywhere.

#include <stdint.h>

typedef struct __attribute__((aligned(128))) syringe_reader {
    /// Odd while the owning thread is inside a read section; written by the owner only.
    uintptr_t state;
    /// Set while a thread owns the record; records of exited threads are reused.
    int in_use;
    /// The next record of the process-wide list (immutable once linked).
    struct syringe_reader *_Nullable next;
} syringe_reader;

/// The current thread's record, or NULL before its first read.
extern _Thread_local syringe_reader *_Nullable syringe_current_reader;

/// Gives the current thread a record (the first read on a thread).
syringe_reader *_Nonnull syringe_reader_attach(void);

/// Waits until every read section that started before this call has ended. Never call it inside one.
void syringe_synchronize(void);

static inline syringe_reader *_Nonnull syringe_read_begin(void) {
    syringe_reader *reader = syringe_current_reader;
    if (__builtin_expect(reader == 0, 0)) reader = syringe_reader_attach();
    uintptr_t state = __atomic_load_n(&reader->state, __ATOMIC_RELAXED) + 1;
    __atomic_exchange_n(&reader->state, state, __ATOMIC_SEQ_CST);
    return reader;
}

static inline void syringe_read_end(syringe_reader *_Nonnull reader) {
    // The section must end after the caller retained what it copied out. Swift's ARC optimiser sinks a
    // retain past an atomic store (even a sequentially consistent one), but not past an asm memory clobber.
    __asm__ __volatile__("" ::: "memory");
    __atomic_store_n(&reader->state, __atomic_load_n(&reader->state, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
}

#endif
