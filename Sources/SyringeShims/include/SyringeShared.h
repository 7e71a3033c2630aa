#ifndef SYRINGE_SHARED_H
#define SYRINGE_SHARED_H

// The property wrappers' way to `Container.shared` in one load: a Swift global would cost a lazy-initialisation
// check (swift_once) per read, and the container's getter a retain and a release.

#include <stdint.h>

/// 0 before the process-wide container exists; 1 once a task-local container was ever bound (`shared` must then
/// ask the task); otherwise the fast-path links of the process-wide container, which `shared` then always is.
extern uintptr_t syringe_shared_links_word;

/// The process-wide container's fast-path links while `Container.shared` is always that container, else NULL.
static inline void *_Nullable syringe_shared_links(void) {
    uintptr_t word = __atomic_load_n(&syringe_shared_links_word, __ATOMIC_ACQUIRE);
    return word > 1 ? (void *)word : (void *)0;
}

/// Publishes the links of the process-wide container, unless a binding came first.
static inline void syringe_publish_shared_links(void *_Nonnull links) {
    uintptr_t expected = 0;
    __atomic_compare_exchange_n(&syringe_shared_links_word, &expected, (uintptr_t)links, 0, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
}

/// From now on `Container.shared` may be a task's container: the fast way is closed for good.
static inline void syringe_close_shared_links(void) {
    __atomic_store_n(&syringe_shared_links_word, (uintptr_t)1, __ATOMIC_RELEASE);
}

#endif
