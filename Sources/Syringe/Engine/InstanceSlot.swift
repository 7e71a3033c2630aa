/// Where one registration keeps its instance (in its container, or in a scope opened by `withScope`), and
/// the one state machine that builds it once: read it, or claim it and build, or wait for another build.
///
/// A slot of `.cached`, `.singleton` or another fast scope also publishes the payload of its instance for
/// the lock-free fast path (``published``); everything else is read under the lock.
// @unchecked Sendable: every field is guarded by `lock`; the published payload is written under the lock and
// read without it (see `SlotBlock`).
@usableFromInline
class InstanceSlot: SlotBlock, @unchecked Sendable {
    /// Whether the kept instance is published for the fast path (see also ``publishesNow``).
    let publishes: Bool
    /// The bit of the flags word by which an owner withdraws its instance from the fast path for good: `Entry`
    /// sets it with an async or main-actor `onCreated` hook, whose instance only a checked path may hand out.
    static var unpublishedFlag: UInt { 2 }
    /// Whether the instance is kept weakly (`.shared`): then only class instances are kept.
    let keepsWeakly: Bool
    // Guarded by `lock`, which is the exclusivity: the runtime's dynamic checks are skipped.
    @exclusivity(unchecked) private var instance: Instance?
    @exclusivity(unchecked) private weak var object: AnyObject?
    @exclusivity(unchecked) private var ticket: BuildTicket?
    /// Bumped by every reset, so a build that started before the reset does not keep its result after it.
    @exclusivity(unchecked) private var epoch: UInt64 = 0
    /// Set when the registration that owns this slot was replaced or removed: the slot is never claimed again,
    /// so a replaced registration never builds a second instance (see ``retire()``).
    @exclusivity(unchecked) private var isRetired = false

    /// A slot with a lock of its own; `plainType` and `keyHash` describe its key for tables of registrations.
    init(publishes: Bool, keepsWeakly: Bool, plainType: ObjectIdentifier? = nil, keyHash: Int = 0) {
        self.publishes = publishes
        self.keepsWeakly = keepsWeakly
        super.init(plainType: plainType, keyHash: keyHash)
    }

    /// A slot guarded by `lock`, which its owner keeps alive longer than the slot (never held while user code
    /// runs, like every lock of Syringe).
    init(sharing lock: InlineLock, keepsWeakly: Bool) {
        publishes = false
        self.keepsWeakly = keepsWeakly
        super.init(sharing: lock)
    }

    /// Whether a kept instance is published now: ``publishes``, unless the owner withdrew it. Read under the
    /// lock, which the owner holds to set the flag.
    private var publishesNow: Bool {
        publishes && flagsWord & Self.unpublishedFlag == 0
    }

    /// Stops publishing for good and withdraws what is published; the instance stays kept. The caller holds
    /// the lock and has set ``unpublishedFlag``.
    final func withdrawPublishedHoldingLock() {
        if publishes { publish(nil) }
    }

    /// What a build finds in the slot.
    enum State {
        /// A kept instance.
        case kept(Instance)
        /// A kept `.shared` object, still alive.
        case object(AnyObject)
        /// Another resolution is building it: wait for `ticket`, then read again.
        case building(BuildTicket)
        /// Nothing is kept: the caller has claimed the slot with `ticket` and builds.
        case claimed(BuildTicket, epoch: UInt64)
        /// Nothing is kept and the registration was replaced or removed: produce what replaced it instead.
        case retired
    }

    /// Reads the slot; when it is empty, claims it for `execution` so that others wait (`execution` is
    /// worked out only then: a read of a kept instance does not walk the path).
    final func readOrClaim(for execution: @autoclosure () -> ExecutionID) -> State {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return .kept(instance) }
        if keepsWeakly, let object { return .object(object) }
        if let ticket { return .building(ticket) }
        if isRetired { return .retired }
        let claim = BuildTicket(owner: execution())
        ticket = claim
        return .claimed(claim, epoch: epoch)
    }

    /// Ends a build that succeeded: keeps `instance` unless a reset happened since `epoch` or it is `nil` (the
    /// next resolve builds again, as Factory does), and wakes the waiters. Returns whether nothing is left for
    /// the builder to dispose of: the slot kept the instance, or it is `nil`.
    @discardableResult
    final func finish(_ instance: Instance, ticket claim: BuildTicket, startedAt epoch: UInt64) -> Bool {
        let object = keepsWeakly ? instance.type.object(at: instance.payload) : nil
        let isNil = instance.type.isNil(at: instance.payload)
        lock.lock()
        let keeps = epoch == self.epoch && !isNil
        if keeps {
            instance.sequence = nextSequence()
            if keepsWeakly {
                self.object = object
            } else {
                self.instance = instance
                if publishesNow { publish(instance.payload) }
            }
        }
        if ticket === claim { ticket = nil }
        lock.unlock()
        claim.finish()
        return keeps || isNil
    }

    /// The place of an instance that completes now in the order its owner disposes of instances by: the process's
    /// for a registration's slot; an open scope's for a slot of its overflow store (`ScopeOverflowSlot`). Under the
    /// lock.
    func nextSequence() -> UInt64 { Instance.nextSequence() }

    /// Ends a build that failed or was discarded: the slot stays empty for the next one to claim.
    final func abandon(_ claim: BuildTicket) {
        lock.lock()
        if ticket === claim { ticket = nil }
        lock.unlock()
        claim.finish()
    }

    /// Empties the slot. Returns the instance it kept, for the caller to release once no reader can see it
    /// (never under a lock: its `deinit` is user code).
    final func reset() -> Instance? {
        lock.lock()
        defer { lock.unlock() }
        let kept = instance
        instance = nil
        object = nil
        if publishes { publish(nil) }
        epoch &+= 1
        return kept
    }

    /// Marks the slot of a registration that was replaced or removed (before its instance is dropped): it is
    /// never claimed again. A build under way when it was retired keeps its instance only if it ends before
    /// the drop, which then disposes of it; one that ends after is not kept, and its builder disposes of it
    /// (see ``isRetired``). Whoever finds the slot empty produces the registration that replaced it.
    final func retire() {
        lock.withLock { isRetired = true }
    }

    /// Whether ``retire()`` was called.
    final var retired: Bool {
        lock.withLock { isRetired }
    }

    /// ``reset()`` for an owner that holds the lock this slot shares (a scope's store, closing).
    final func resetHoldingLock() -> Instance? {
        let kept = instance
        instance = nil
        object = nil
        epoch &+= 1
        return kept
    }

    /// ``resetHoldingLock()`` for good, for a slot of a scope's overflow store that closes: a build that claims it
    /// afterwards finds it retired (and its scope closed), and one under way is not kept (its builder disposes of it).
    final func closeHoldingLock() -> Instance? {
        isRetired = true
        return resetHoldingLock()
    }

    /// The kept instance, or `.shared` object, as `Any`; `nil` when nothing is kept.
    final var keptValue: Any? {
        let (kept, object) = lock.withLock { (instance, self.object) }
        if let kept { return kept.value }
        return object
    }

    /// Keeps what `other` keeps now, too (for a throwaway copy of a registration).
    final func share(keptOf other: InstanceSlot) {
        let (kept, object) = other.lock.withLock { (other.instance, other.object) }
        lock.withLock {
            instance = kept
            self.object = object
            if publishesNow, let kept { publish(kept.payload) }
        }
    }

    /// Whether a build is under way and another execution waits for it (for tests that force an interleaving).
    final var buildIsAwaited: Bool {
        lock.withLock { ticket }?.isAwaited ?? false
    }

    /// The kept instance, if any.
    final var keptInstance: Instance? {
        lock.withLock { instance }
    }
}

extension Instance {
    private static let sequences = AtomicCounter()

    /// The next number in the order of completed builds.
    static func nextSequence() -> UInt64 { sequences.next() }
}
