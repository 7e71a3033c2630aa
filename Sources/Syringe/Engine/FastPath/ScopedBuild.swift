extension BuildRole {
    /// The claim of a slot of an open scope being built.
    struct ScopedBuild {
        // Raw references: the resolve that claimed the slot keeps the scope, the chain and the registration
        // alive, and a build role stays trivial to copy.
        private let scopeReference: Unmanaged<OpenedScope>
        let slot: ScopeSlot
        private let entryReference: Unmanaged<Entry>
        /// The innermost open scope of the resolution, for the frames of the build (see `Frame.scopes`).
        let head: Unmanaged<OpenedScope>
        /// What an async build builds into (its instance needs memory of its own), copied into the slot when kept;
        /// `nil` for a synchronous build, which builds into the slot.
        let instance: Instance?

        init(_ scope: OpenedScope, _ slot: ScopeSlot, _ entry: Entry, head: OpenedScope, instance: Instance? = nil) {
            self.scopeReference = Unmanaged.passUnretained(scope)
            self.slot = slot
            self.entryReference = Unmanaged.passUnretained(entry)
            self.head = Unmanaged.passUnretained(head)
            self.instance = instance
        }

        /// Where the instance is while it is built.
        var payload: ValueAddress { instance?.payload ?? slot.payload }

        /// Keeps the instance in the slot and wakes the waiters; `false` when the scope was closed meanwhile (the
        /// instance is then still where it was built, for the builder to dispose of).
        func finish() -> Bool {
            entryReference._withUnsafeGuaranteedRef { entry in
                if let instance { entry.service.copy(from: instance.payload, to: slot.payload) }
                let (sequence, borrowed) = scopeReference._withUnsafeGuaranteedRef {
                    ($0.nextSequence(), $0.snapshotKeeps(entry))
                }
                if slot.finish(entry, sequence: sequence, borrowed: borrowed) { return true }
                if instance != nil { entry.service.destroy(slot.payload) }
                return false
            }
        }

        /// Ends a build whose instance is not kept (a failed resolution): destroys what the slot holds of it and
        /// empties the slot.
        func discard() {
            if instance == nil { entryReference.takeUnretainedValue().service.destroy(slot.payload) }
            slot.abandon()
        }

        /// Keeps a build that waited for an outer frame: a scope closed meanwhile disposes of it, as nobody else will.
        func commit() {
            if finish() { return }
            let entry = entryReference.takeUnretainedValue()
            let disposed = instance ?? Instance.moving(entry.service, from: slot.payload)
            Disposal.runNow([Disposal.Item(entry: entry, instance: disposed)])
        }
    }
}
