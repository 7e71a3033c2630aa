// The thread-locals of include/SyringeThreadLocal.h.
#define _GNU_SOURCE
#include "SyringeThreadLocal.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

_Thread_local void *syringe_current_frame_storage = 0;
/// 0: not computed yet; 1: unknown; else the lowest usable address of this thread's stack.
_Thread_local uintptr_t syringe_stack_limit_storage = 0;

uintptr_t syringe_stack_limit_slow(void) {
    uintptr_t low = 0;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(self);
    size_t size = pthread_get_stacksize_np(self);
    if (top && size) low = top - size;
#elif defined(__linux__) || defined(__ANDROID__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void *address = 0;
        size_t size = 0;
        size_t guard = 0;
        if (pthread_attr_getstack(&attributes, &address, &size) == 0 && address) {
            pthread_attr_getguardsize(&attributes, &guard);
            low = (uintptr_t)address + guard;
        }
        pthread_attr_destroy(&attributes);
    }
#endif
    syringe_stack_limit_storage = low ? low : 1;
    return syringe_stack_limit_storage;
}

void syringe_yield(void) {
    sched_yield();
}

_Thread_local void *syringe_thread_slots[syringe_thread_slot_count] = {0};

_Thread_local unsigned char *syringe_scratch_top = 0;
_Thread_local unsigned char *syringe_scratch_base = 0;
_Thread_local unsigned char *syringe_scratch_end = 0;

enum { syringe_scratch_size = 64 * 1024 };
static pthread_key_t syringe_scratch_key;
static pthread_once_t syringe_scratch_once = PTHREAD_ONCE_INIT;

static void syringe_scratch_free(void *unused) {
    (void)unused;
    free(syringe_scratch_base);
    syringe_scratch_top = syringe_scratch_base = syringe_scratch_end = 0;
}

static void syringe_scratch_setup(void) {
    pthread_key_create(&syringe_scratch_key, syringe_scratch_free);
}

void *syringe_scratch_push_slow(uintptr_t size) {
    if (!syringe_scratch_base) {
        pthread_once(&syringe_scratch_once, syringe_scratch_setup);
        unsigned char *base = aligned_alloc(16, syringe_scratch_size);
        if (!base) abort();
        syringe_scratch_base = syringe_scratch_top = base;
        syringe_scratch_end = base + syringe_scratch_size;
        pthread_setspecific(syringe_scratch_key, base);
        return syringe_scratch_push(size);
    }
    // The region is full (a very deep resolution): the heap, given back by pop.
    void *memory = aligned_alloc(16, (size + 15) & ~(uintptr_t)15 ? (size + 15) & ~(uintptr_t)15 : 16);
    if (!memory) abort();
    return memory;
}

void *syringe_scratch_push_aligned(uintptr_t size, uintptr_t alignment) {
    uintptr_t rounded = (size + alignment - 1) & ~(alignment - 1);
    void *memory = aligned_alloc(alignment, rounded ? rounded : alignment);
    if (!memory) abort();
    return memory;
}

void syringe_scratch_pop_slow(void *memory) {
    free(memory);
}
