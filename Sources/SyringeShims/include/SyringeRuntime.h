#ifndef SYRINGE_RUNTIME_H
#define SYRINGE_RUNTIME_H

// Swift runtime entry points that Swift code cannot declare itself: `@_silgen_name` of a runtime symbol is
// diagnosed as reserved ("this will become an error"). The Swift standard library declares this one the
// same way (SwiftShims/_SwiftRuntime.h). Used by Syringe/Engine/FastPath only.

/// The witness table of `type`'s conformance to `protocol`, or NULL when it does not conform.
/// `type` is a type metadata pointer and `protocol` a protocol descriptor.
extern const void *_Nullable swift_conformsToProtocol(const void *_Nonnull type, const void *_Nonnull protocol);


/// The task running on this thread, not retained (the runtime's own; `withUnsafeCurrentTask` retains and releases
/// it), or NULL outside a task. A Swift-calling-convention function of the concurrency runtime.
extern void *_Nullable swift_task_getCurrent(void) __attribute__((swiftcall));

/// Whether `task` (a running task, from `swift_task_getCurrent`) is cancelled.
extern _Bool swift_task_isCancelled(void *_Nonnull task) __attribute__((swiftcall));

/// The name of the case `value` is in, `value` being an enum of type metadata `type` (what `Mirror` reads for a
/// case's label), or NULL when the type has no reflection metadata. The standard library's `_getEnumCaseName`.
extern const char *_Nullable swift_EnumCaseName(const void *_Nonnull value, const void *_Nonnull type)
    __attribute__((swiftcall));

#endif
