// The fast path: the only folder of Syringe that imports SyringeShims (CI checks it), and the only one with raw
// memory layouts, read sections, atomics, thread-locals and underscored standard-library calls. The rest of the
// library reaches it through these files' internal API:
//
// - `PublishedTable.swift`, `Container+Lookup.swift`: the registrations' lock-free table (`TableAddress`, each slot
//   a registration's `BlockAddress`), the containers' links and the walk that finds a published instance
//   (`Container.lookUpPlain`, `lookUpFast`).
// - `ReadSection.swift`: the read sections, the readers' records and the grace period (`ReadSection`,
//   `Reclamation.retire`).
// - `SlotBlock.swift`, `SlotBlockLayout.swift`: the words of a registration that lock-free readers see, and its
//   mutex, in the registration object.
// - `WordAddress.swift`, `Atomics.swift`, `BuildTicket.swift`: a shared word in raw memory and its atomics; atomic
//   words in objects; a build's ticket with its state word.
// - `PublishedList.swift`: a list one writer appends to under its owner's lock and anyone walks without it (a
//   registration's hooks). `ObjectWord.swift`: an object reference kept in a word of raw memory, converted in one
//   place, and `PublishedReference`, one a writer replaces and readers take, retained, inside a read section (a
//   scope layout's snapshot).
// - `ThreadState.swift`, `ExecutionID.swift`, `CurrentTask.swift`: the stack's limit, the thread-local slots, who
//   runs (a thread or a task), and the running task and its cancellation read without a retain.
// - `Frame.swift`: a resolution's frames, linked by address on the stack (or the heap for an async build), the
//   current one in a thread-local; the rest of the engine holds a frame as a `FrameRef` and reads its fields
//   through it. `ScopeChain.swift`, `ScopedBuild.swift`: an open scope found, and its slot claimed, without
//   reference counting; `ScopeSlots.swift`, `ScopeSlot.swift`, `ScopeWaits.swift`: an open scope's header words and
//   slots in its own object, one slot's state word, and the waits for another task's build of one.
// - `ValueAddress.swift`: the address of a value whose type the code on each side knows (`ValueAddress`: where a
//   factory builds, where an instance lives) and a resolve's packed run-time arguments (`PackedArguments`); the
//   non-generic engine passes these, never a raw pointer.
// - `Scratch.swift`, `Instance.swift`, `ServiceType.swift`, `Conformance.swift`, `Metadata.swift`: raw memory for
//   values of types known at run time only, and what the runtime's metadata says about them.
// - `Lock.swift`, `FileID.swift`: the pthread locks (one in memory of its own, or inside a registration's block),
//   and a call site's `#fileID` kept as the pointer to its static text.
//
// What each part buys, measured, and when to remove it, is in the Design decisions article ("The fast path").
