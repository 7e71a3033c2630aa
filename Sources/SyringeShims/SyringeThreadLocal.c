// The thread-locals of include/SyringeThreadLocal.h.
#define _GNU_SOURCE
#include "SyringeThreadLocal.h"

#include <pthread.h>

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

_Thread_local void *syringe_thread_slots[syringe_thread_slot_count] = {0};
