// Reader records and the writer's grace period; see include/SyringeReclamation.h.
#include "SyringeReclamation.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

_Thread_local syringe_reader *syringe_current_reader = 0;

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

void syringe_synchronize(void) {
    pthread_once(&syringe_readers_once, syringe_readers_setup);
    // Pairs with the exchange that opens a section: a section that began before this fence is seen open below.
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
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
