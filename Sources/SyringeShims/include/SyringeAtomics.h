#ifndef SYRINGE_ATOMICS_H
#define SYRINGE_ATOMICS_H

// Word-sized atomics for Syringe's lock-free read path. C11 builtins, so they exist on every
// platform Syringe supports without Swift's Synchronization module (macOS 15 / iOS 18 and later only).
// Static inline: they compile into the caller.

#include <stdbool.h>
#include <stdint.h>

static inline uintptr_t syringe_load_word_acquire(const uintptr_t *_Nonnull address) {
    return __atomic_load_n((uintptr_t *_Nonnull)address, __ATOMIC_ACQUIRE);
}

static inline void syringe_store_word_release(uintptr_t *_Nonnull address, uintptr_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

static inline uintptr_t syringe_fetch_add_word(uintptr_t *_Nonnull address, uintptr_t delta) {
    return __atomic_fetch_add(address, delta, __ATOMIC_ACQ_REL);
}

static inline uintptr_t syringe_exchange_word(uintptr_t *_Nonnull address, uintptr_t value) {
    return __atomic_exchange_n(address, value, __ATOMIC_ACQ_REL);
}

/// Replaces `expected` with `desired`; returns the value found (equal to `expected` when it succeeded).
static inline uintptr_t syringe_compare_exchange_word(uintptr_t *_Nonnull address, uintptr_t expected,
                                                      uintptr_t desired) {
    __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    return expected;
}

// Sequentially consistent word atomics: for a pair of threads that each write one word and then read the other's
// (a scope's close against a build's claim of a slot): with every access in the one total order, at least one of
// the two sees the other's write.

static inline uintptr_t syringe_load_word_seq_cst(const uintptr_t *_Nonnull address) {
    return __atomic_load_n((uintptr_t *_Nonnull)address, __ATOMIC_SEQ_CST);
}

static inline uintptr_t syringe_exchange_word_seq_cst(uintptr_t *_Nonnull address, uintptr_t value) {
    return __atomic_exchange_n(address, value, __ATOMIC_SEQ_CST);
}

/// Replaces `expected` with `desired` in the total order; returns the value found.
static inline uintptr_t syringe_compare_exchange_word_seq_cst(uintptr_t *_Nonnull address, uintptr_t expected,
                                                              uintptr_t desired) {
    __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}

#endif
