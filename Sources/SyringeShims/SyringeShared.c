// The word behind include/SyringeShared.h.
#include "SyringeShared.h"

uintptr_t syringe_shared_links_word = 0;
