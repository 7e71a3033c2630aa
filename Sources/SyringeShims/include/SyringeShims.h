#ifndef SYRINGE_SHIMS_H
#define SYRINGE_SHIMS_H

#include "SyringeAtomics.h"
#include "SyringeReclamation.h"
#include "SyringeRuntime.h"
#include "SyringeThreadLocal.h"

#endif
