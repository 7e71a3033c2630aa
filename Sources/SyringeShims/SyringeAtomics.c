// The atomics are static inline functions in include/SyringeAtomics.h; this file defines the thread-local
// they use.
#include "SyringeAtomics.h"

_Thread_local void *syringe_current_frame_storage = 0;
