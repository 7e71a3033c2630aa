/// One open scope: a set of instances of one scope, shared by whatever resolves through it, disposed of when it is
/// closed. ``ContainerScope`` is its public face; `withScope` opens one and binds it to the task.
///
/// Its registrations' instances live in slots inside this object (see `ScopeSlots`), found by the index each
/// registration got when it was registered; those of other containers, or registered after the slots were laid
/// out, in an overflow store. The instances are released with the object (no task can read a slot after that).
// @unchecked Sendable: immutable, but for what `ScopeSlots` and the overflow store guard.
final class OpenedScope: ScopeSlots, @unchecked Sendable {
    /// The container it was opened on, which resolves what is asked of it.
    let container: Container
    /// The scope whose registrations keep their instances here.
    let scope: Scope
    /// The open scope that was current where this one was opened: resolves see its instances of other scopes.
    let outer: OpenedScope?
    /// Whether it stands for every scope (``ended``).
    let isEveryScope: Bool

    init(container: Container, scope: Scope, outer: OpenedScope?) {
        self.container = container
        self.scope = scope
        self.outer = outer
        isEveryScope = false
        super.init()
    }

    private init(ended container: Container) {
        self.container = container
        scope = .unique
        outer = nil
        isEveryScope = true
        super.init()
        _ = markClosed()
    }

    /// A closed scope of every kind: where a lazy handle made in a scope that is gone resolves, so that its
    /// instances of any scope are refused rather than taken from the container.
    static let ended = OpenedScope(ended: Container())

    /// The slot of `entry`'s instance, when it has one here (else the overflow store keeps it).
    @inline(__always)
    func slot(for entry: Entry) -> ScopeSlot? {
        guard let layout = entry.scopeLayoutReference else { return nil }
        return slot(
            at: entry.scopeIndex, of: layout, size: entry.service.size, alignment: entry.service.alignment)
    }

    /// The slot of `entry`'s instance in the overflow store; `nil` once the scope is closed.
    func overflowSlot(for entry: Entry) -> InstanceSlot? {
        overflow { ScopeOverflow(scope: self) }?.slot(for: entry)
    }

    /// Where the instance of `entry` that this open scope keeps in its slot is, if it keeps one there; `nil` when
    /// the scope is closed, the slot is empty or being built, or the instance is in the overflow store. The
    /// instance stays there until the scope object goes, so a caller that holds the scope may copy it out.
    @inline(__always)
    func keptInstance(of entry: Entry) -> ValueAddress? {
        guard !isClosed, let slot = slot(for: entry), slot.isDone, slot.holds(entry) else { return nil }
        return slot.payload
    }

    /// The open scope of `scope`'s kind in this one's chain: this one, or the nearest outer one.
    func innermost(keeping scope: Scope) -> OpenedScope? {
        var node: OpenedScope? = self
        while let current = node {
            if current.scope == scope || current.isEveryScope { return current }
            node = current.outer
        }
        return nil
    }

    /// Whether an instance of `entry` is kept here (for traces).
    func keeps(_ entry: Entry) -> Bool {
        if let slot = slot(for: entry), slot.isDone, slot.holds(entry) { return true }
        return existingOverflow(ScopeOverflow.self)?.slot(for: entry)?.keptValue != nil
    }

    // MARK: Closing

    /// What closing has left to do.
    enum Closing {
        /// Nothing: the hooks ran (their failures), or there were none.
        case done([ResolutionError])
        /// Run the hooks of these instances (newest first), which cannot all run here, now.
        case pending([Disposal.Item])
    }

    /// Closes the scope: later resolves are refused, and what it keeps is disposed of. Runs the hooks at once when
    /// every one of them is synchronous here and the task is not cancelled (the common end of a request: no
    /// allocation, no suspension), else hands them back. A second call finds nothing to do.
    func beginClose() -> Closing {
        guard markClosed() else { return .done([]) }
        let overflow = existingOverflow(ScopeOverflow.self)?.close() ?? []
        let count = slotCount
        if count == 0 {
            if overflow.isEmpty { return .done([]) }
            if Disposal.allSynchronousHere(overflow), !CurrentTask.isCancelled {
                return .done(Disposal.runSync(overflow))
            }
            return .pending(overflow)
        }
        return withKeptSlots(count: count) { slots in
            if overflow.isEmpty {
                switch Disposal.hooks(of: slots) {
                case .none: return .done([])
                case .synchronousHere where !CurrentTask.isCancelled: return .done(Disposal.runSync(slots))
                case .synchronousHere, .elsewhere: break
                }
            }
            let items = Disposal.newestFirst(
                slots.map { Disposal.Item(entry: $0.entry, slot: $0, in: self) } + overflow)
            if Disposal.allSynchronousHere(items), !CurrentTask.isCancelled { return .done(Disposal.runSync(items)) }
            return .pending(items)
        }
    }

    /// Closes the scope and awaits the hooks of what it kept (see ``beginClose()``); returns their failures.
    func close(isolation: isolated (any Actor)? = #isolation) async -> [ResolutionError] {
        switch beginClose() {
        case .done(let failures): return failures
        case .pending(let items): return await Disposal.runShielded(items, isolation: isolation)
        }
    }
}

/// The instances of an open scope that have no slot in it (registrations of other containers, or registered after
/// its slots were laid out): one slot per registration, in the order they were first asked for, guarded by one lock.
// @unchecked Sendable: `slots` and `isOpen` are guarded by `lock`; the slots share that lock.
final class ScopeOverflow: @unchecked Sendable {
    /// The mutex, shared by the store and its slots, in memory of its own.
    private let lock: InlineLock
    @exclusivity(unchecked) private var slots: [(entry: Entry, slot: InstanceSlot)] = []
    @exclusivity(unchecked) private var isOpen = true

    /// The scope that owns the store: its instances and the slots' complete in one order.
    private unowned let scope: ScopeSlots

    init(scope: ScopeSlots) {
        self.scope = scope
        lock = InlineLock.allocate()
    }

    deinit {
        lock.deallocate()
    }

    func slot(for entry: Entry) -> InstanceSlot? {
        lock.withLock {
            guard isOpen else { return nil }
            // A test container's copy of a registration and the registration itself share one instance per
            // scope: the request is one, whichever container a resolve goes through.
            let registration = entry.registration
            for pair in slots where pair.entry.registration === registration { return pair.slot }
            let slot = ScopeOverflowSlot(sharing: lock, of: scope)
            slots.append((entry, slot))
            return slot
        }
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
                // Closed for good: a build that found the slot before this and claims it after is refused.
                guard let instance = slot.closeHoldingLock() else { continue }
                items.append(Disposal.Item(entry: entry, instance: instance))
            }
            defer { self.slots = [] }
            return self.slots
        }
        withExtendedLifetime(slots) {}
        return Disposal.newestFirst(items)
    }
}

/// A slot of an open scope's overflow store: its instance completes in the scope's order, with the instances of the
/// scope's own slots (see `ScopeSlots.nextSequence()`), so that the scope disposes of all of them newest first.
// @unchecked Sendable: as `InstanceSlot`; `scope` is immutable.
final class ScopeOverflowSlot: InstanceSlot, @unchecked Sendable {
    private unowned let scope: ScopeSlots

    init(sharing lock: InlineLock, of scope: ScopeSlots) {
        self.scope = scope
        super.init(sharing: lock, keepsWeakly: false)
    }

    override func nextSequence() -> UInt64 { scope.nextSequence() }
}
