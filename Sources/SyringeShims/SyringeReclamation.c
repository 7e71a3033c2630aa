// Reader records and the writer's grace period; see include/SyringeReclamation.h.
#include "SyringeReclamation.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

_Thread_local syringe_reader *syringe_current_reader = 0;
int syringe_readers_fence = 1;
uintptr_t syringe_retired_waiting = 0;

static syringe_reader *syringe_readers = 0;
static pthread_once_t syringe_readers_once = PTHREAD_ONCE_INIT;
static pthread_key_t syringe_readers_key;

/// Returns the record of an exiting thread for reuse. Its last section has ended: a thread exits
/// outside any read.
static void syringe_reader_detach(void *record) {
    syringe_reader *reader = record;
    if (syringe_current_reader == reader) syringe_current_reader = 0;
    __atomic_store_n(&reader->in_use, 0, __ATOMIC_RELEASE);
}

static void syringe_readers_setup(void) {
    pthread_key_create(&syringe_readers_key, syringe_reader_detach);
#if defined(__linux__) && defined(__NR_membarrier)
    // SYRINGE_RECLAMATION_FENCES=1 keeps the path of platforms without membarrier (Apple's), so that tests run it.
    const char *fences = getenv("SYRINGE_RECLAMATION_FENCES");
    if (fences && fences[0] == '1') return;
    // Readers may skip their fence only if every later synchronize can force one on them.
    long commands = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (commands > 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
        syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        __atomic_store_n(&syringe_readers_fence, 0, __ATOMIC_RELEASE);
    }
#endif
}

syringe_reader *syringe_reader_attach(void) {
    pthread_once(&syringe_readers_once, syringe_readers_setup);
    syringe_reader *reader = 0;
    for (syringe_reader *candidate = __atomic_load_n(&syringe_readers, __ATOMIC_ACQUIRE); candidate;
         candidate = candidate->next) {
        int free = 0;
        if (__atomic_compare_exchange_n(&candidate->in_use, &free, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            reader = candidate;
            break;
        }
    }
    if (!reader) {
        reader = aligned_alloc(128, sizeof(syringe_reader));
        if (!reader) abort();
        memset(reader, 0, sizeof(syringe_reader));
        reader->in_use = 1;
        syringe_reader *head = __atomic_load_n(&syringe_readers, __ATOMIC_RELAXED);
        do {
            reader->next = head;
        } while (!__atomic_compare_exchange_n(
            &syringe_readers, &head, reader, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
    }
    syringe_current_reader = reader;
    pthread_setspecific(syringe_readers_key, reader);
    return reader;
}

int syringe_reclamation_fences(void) {
    pthread_once(&syringe_readers_once, syringe_readers_setup);
    return __atomic_load_n(&syringe_readers_fence, __ATOMIC_ACQUIRE);
}

void syringe_synchronize(void) {
    pthread_once(&syringe_readers_once, syringe_readers_setup);
#if defined(__linux__) && defined(__NR_membarrier)
    if (!__atomic_load_n(&syringe_readers_fence, __ATOMIC_ACQUIRE)) {
        syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    } else {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
    syringe_reader *self = syringe_current_reader;
    for (syringe_reader *reader = __atomic_load_n(&syringe_readers, __ATOMIC_ACQUIRE); reader;
         reader = reader->next) {
        if (reader == self) continue;
        uintptr_t state = __atomic_load_n(&reader->state, __ATOMIC_ACQUIRE);
        if (!(state & 1)) continue;
        // A section lasts a few loads and a retain; a reader descheduled inside one is waited for.
        for (unsigned spins = 0; __atomic_load_n(&reader->state, __ATOMIC_ACQUIRE) == state; spins++) {
            if (spins > 64) sched_yield();
        }
    }
}

int syringe_borrowed_anywhere(const void *object) {
    for (syringe_reader *reader = __atomic_load_n(&syringe_readers, __ATOMIC_ACQUIRE); reader;
         reader = reader->next) {
        uintptr_t depth = __atomic_load_n(&reader->depth, __ATOMIC_ACQUIRE);
        if (depth > 16) depth = 16;
        for (uintptr_t index = 0; index < depth; index++) {
            if (__atomic_load_n(&reader->borrowed[index], __ATOMIC_ACQUIRE) == object) return 1;
        }
    }
    return 0;
}
