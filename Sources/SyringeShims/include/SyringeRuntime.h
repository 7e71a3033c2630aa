#ifndef SYRINGE_RUNTIME_H
#define SYRINGE_RUNTIME_H

// Swift runtime entry points that Swift code cannot declare itself: `@_silgen_name` of a runtime symbol is
// diagnosed as reserved ("this will become an error"). The Swift standard library declares this one the
// same way (SwiftShims/_SwiftRuntime.h). Used by Syringe/Components/Conformance.swift only.

/// The witness table of `type`'s conformance to `protocol`, or NULL when it does not conform.
/// `type` is a type metadata pointer and `protocol` a protocol descriptor.
extern const void *_Nullable swift_conformsToProtocol(const void *_Nonnull type, const void *_Nonnull protocol);

#endif
