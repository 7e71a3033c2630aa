/// The instances of one scope for one `withScope` call: one slot per registration, shared by everything the
/// call resolves (its child tasks too), disposed of when the call ends.
final class ScopeStore: TaskSlots, @unchecked Sendable {
    // @unchecked Sendable: `slots` and `isOpen` are guarded by `lock`; the slots share that lock.
    let scope: Scope
    let outer: (any TaskSlots)?
    /// The mutex, shared by the store and its slots, in memory of its own.
    private let mutex: UnsafeMutableRawPointer
    private let lock: InlineLock
    /// In the order they were first asked for; a request opens few, so a list beats a dictionary.
    @exclusivity(unchecked) private var slots: [(entry: Entry, slot: InstanceSlot)] = []
    @exclusivity(unchecked) private var isOpen = true

    init(scope: Scope, outer: (any TaskSlots)?) {
        self.scope = scope
        self.outer = outer
        mutex = .allocate(byteCount: InlineLock.size, alignment: InlineLock.alignment)
        lock = InlineLock(at: mutex)
        lock.initialize()
    }

    deinit {
        lock.destroy()
        mutex.deallocate()
    }

    func slot(for entry: Entry) -> InstanceSlot? {
        lock.withLock {
            guard isOpen else { return nil }
            // A test container's copy of a registration and the registration itself share one instance per
            // call: the request is one, whichever container a resolve goes through.
            let registration = entry.registration
            for pair in slots where pair.entry.registration === registration { return pair.slot }
            let slot = InstanceSlot(sharing: lock, keepsWeakly: false)
            // A request opens few: one allocation for the first four.
            if slots.isEmpty { slots.reserveCapacity(4) }
            slots.append((entry, slot))
            return slot
        }
    }

    func ended(_ entry: Entry) -> ResolutionError {
        Diagnostics.scopeEnded(entry)
    }

    /// Closes the store: later requests are refused. Returns what it kept, newest first, to dispose of.
    func close() -> [Disposal.Item] {
        var items: [Disposal.Item] = []
        // The slots share the store's lock: one acquisition empties them all. The list is released after it,
        // as releasing an entry can run user code (a factory's captures).
        let slots = lock.withLock { () -> [(entry: Entry, slot: InstanceSlot)] in
            isOpen = false
            items.reserveCapacity(self.slots.count)
            for (entry, slot) in self.slots {
                guard let instance = slot.resetHoldingLock() else { continue }
                items.append(Disposal.Item(entry: entry, instance: instance))
            }
            defer { self.slots = [] }
            return self.slots
        }
        withExtendedLifetime(slots) {}
        return Disposal.newestFirst(items)
    }
}
