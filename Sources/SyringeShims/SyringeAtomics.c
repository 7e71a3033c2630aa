// The atomics are static inline functions in include/SyringeAtomics.h; this file gives the C target a
// translation unit of its own.
#include "SyringeAtomics.h"
