#ifndef SYRINGE_RECLAMATION_H
#define SYRINGE_RECLAMATION_H

// Safe memory reclamation for Syringe's lock-free reads: quiescent-state tracking in the style of
// user-space RCU (liburcu's membarrier flavour).
//
// A reader wraps every lock-free read (a table probe, a published instance copied out) in
// syringe_read_begin/syringe_read_end. Inside, it touches only memory that was published before, and it
// runs no user code. A writer that unpublishes memory (a reset instance, a replaced registration, an
// outgrown table) calls syringe_synchronize() before it releases that memory: it returns once every read
// section that could still see the old memory has ended.
//
// Each thread has a record of its own, padded to its own cache lines, so readers never write to memory
// that another thread writes: two threads resolving the same singleton share nothing but the instance.
// The store that opens a section must be visible before the section's loads: where the kernel offers
// membarrier (Linux), the writer forces that order on every thread at once and readers need only a
// compiler barrier; elsewhere each reader pays one atomic exchange.

#include <stdint.h>

typedef struct __attribute__((aligned(128))) syringe_reader {
    /// Odd while the owning thread is inside a read section; written by the owner only.
    uintptr_t state;
    /// How many of `borrowed` are in use; written by the owner only.
    uintptr_t depth;
    /// The registrations the owning thread's synchronous builds use, found inside a read section and held without a
    /// reference count, innermost last (see syringe_borrow); written by the owner only.
    const void *_Nullable borrowed[16];
    /// Set while a thread owns the record; records of exited threads are reused.
    int in_use;
    /// The next record of the process-wide list (immutable once linked).
    struct syringe_reader *_Nullable next;
} syringe_reader;

/// The current thread's record, or NULL before its first read.
extern _Thread_local syringe_reader *_Nullable syringe_current_reader;
/// 1 when writers cannot force a barrier on every thread, so each reader must fence itself.
extern int syringe_readers_fence;

/// Gives the current thread a record (the first read on a thread).
syringe_reader *_Nonnull syringe_reader_attach(void);

/// 1 when each reader fences itself (no membarrier, or SYRINGE_RECLAMATION_FENCES=1 in the environment), else 0.
int syringe_reclamation_fences(void);

/// Waits until every read section that started before this call has ended. Never call it inside one.
void syringe_synchronize(void);

/// 1 while retired registrations wait for builds that borrow them to end (see syringe_unborrow).
extern uintptr_t syringe_retired_waiting;

/// Sets syringe_retired_waiting (sequentially consistent).
static inline void syringe_set_retired_waiting(uintptr_t value) {
    __atomic_store_n(&syringe_retired_waiting, value, __ATOMIC_SEQ_CST);
}

/// 1 when a thread's build uses `object`, borrowed (see syringe_borrow). Call after syringe_synchronize.
int syringe_borrowed_anywhere(const void *_Nonnull object);

static inline syringe_reader *_Nonnull syringe_read_begin(void) {
    syringe_reader *reader = syringe_current_reader;
    if (__builtin_expect(reader == 0, 0)) reader = syringe_reader_attach();
    uintptr_t state = __atomic_load_n(&reader->state, __ATOMIC_RELAXED) + 1;
    if (__builtin_expect(syringe_readers_fence, 0)) {
        __atomic_exchange_n(&reader->state, state, __ATOMIC_SEQ_CST);
    } else {
        __atomic_store_n(&reader->state, state, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    }
    return reader;
}

static inline void syringe_read_end(syringe_reader *_Nonnull reader) {
    // The section must end after the caller retained what it copied out. Swift's ARC optimiser sinks a
    // retain past an atomic store (even a sequentially consistent one), but not past an asm memory clobber.
    __asm__ __volatile__("" ::: "memory");
    __atomic_store_n(&reader->state, __atomic_load_n(&reader->state, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
}

/// Records, inside a read section of `reader`, that a synchronous build of the thread uses `object` (a
/// registration) without a reference count: a writer that retires it then defers its release until the build ends
/// (syringe_unborrow). Returns 0 when the thread's builds are too deeply nested to record one more (the caller
/// retains the object instead).
static inline int syringe_borrow(syringe_reader *_Nonnull reader, const void *_Nonnull object) {
    uintptr_t depth = __atomic_load_n(&reader->depth, __ATOMIC_RELAXED);
    if (__builtin_expect(depth >= 16, 0)) return 0;
    __atomic_store_n(&reader->borrowed[depth], object, __ATOMIC_RELAXED);
    __atomic_store_n(&reader->depth, depth + 1, __ATOMIC_RELAXED);
    return 1;
}

/// Ends the current thread's innermost borrow; returns 1 when it was the outermost and retired registrations wait
/// for borrows to end (the caller then releases those no build uses). Each side of the pair (this store then the
/// flag's load; a writer's flag store then its look at the borrows) has a full barrier, as a read section's start
/// has, so that one of the two sees the other: a borrow the writer saw ends after the barrier, and the outermost end
/// that follows it sees the flag.
static inline int syringe_unborrow(void) {
    __asm__ __volatile__("" ::: "memory");
    syringe_reader *reader = syringe_current_reader;
    uintptr_t depth = __atomic_load_n(&reader->depth, __ATOMIC_RELAXED) - 1;
    if (__builtin_expect(syringe_readers_fence, 0)) {
        __atomic_exchange_n(&reader->depth, depth, __ATOMIC_SEQ_CST);
    } else {
        __atomic_store_n(&reader->depth, depth, __ATOMIC_RELEASE);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    }
    return depth == 0 && __atomic_load_n(&syringe_retired_waiting, __ATOMIC_ACQUIRE) != 0;
}

#endif
