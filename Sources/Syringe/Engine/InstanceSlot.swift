import SyringeShims

/// Where one registration keeps its instance (in its container, or in a scope opened by `withScope`), and
/// the one state machine that builds it once: read it, or claim it and build, or wait for another build.
///
/// A slot of `.cached`, `.singleton` or another fast scope also publishes the payload of its instance for
/// the lock-free fast path (``published``); everything else is read under the lock.
// @unchecked Sendable: every field is guarded by `lock`, except `published`, which is written under the lock
// with release stores and read with acquire loads (inside read sections, see `Reclamation`).
@usableFromInline
class InstanceSlot: @unchecked Sendable {
    /// The memory of ``block``, inside this object (one allocation for the slot, its block and its mutex): the
    /// first stored property, so that it starts where the object's stored properties do. Never read or written
    /// as a Swift value after initialisation, only through ``block``.
    @exclusivity(unchecked) private var blockStorage: BlockStorage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The words the lock-free paths read, then the mutex (see ``Layout``); a table of registrations holds
    /// blocks. A slot that shares the lock of its owner (a scope's store) has a block too, without the mutex.
    final var block: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }

    /// Room for the block on every supported platform: 104 bytes, aligned to 8 (see ``SlotBlockLayout``). The
    /// largest block is Darwin's on 64-bit words: five words, then a 64-byte `pthread_mutex_t`; on watchOS's
    /// 32-bit words, five words and a 44-byte mutex. Eight-byte elements, so that the room does not shrink
    /// with the word.
    typealias BlockStorage = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    /// The words of a slot's block, which the fast path reads without touching the slot object (a table of
    /// registrations holds blocks, not objects): offsets from ``SlotBlockLayout`` for this platform's word and
    /// mutex, folded to constants by the compiler.
    enum Layout {
        @inline(__always) static var current: SlotBlockLayout {
            SlotBlockLayout(
                wordSize: MemoryLayout<UInt>.stride, mutexSize: InlineLock.size, mutexAlignment: InlineLock.alignment)
        }
        /// The payload of the kept instance, published for the fast path (or nil).
        @inline(__always) static var published: Int { current.published }
        /// Flags the owner sets once and reads without the lock.
        @inline(__always) static var flags: Int { current.flags }
        /// The identity of the service type of a plain type key (0 for any other key).
        @inline(__always) static var plainType: Int { current.plainType }
        /// The hash of the key.
        @inline(__always) static var keyHash: Int { current.keyHash }
        /// The slot object itself, unretained.
        @inline(__always) static var owner: Int { current.owner }
    }
    /// Whether `lock` lives in `block` (else it is its owner's).
    private let ownsLock: Bool
    /// The payload of the kept instance for the fast path, or nil.
    final var published: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }
    /// Flags its owner sets once and reads without the lock (see `Entry`).
    final var flags: UnsafeMutablePointer<UInt> {
        (block + Layout.flags).assumingMemoryBound(to: UInt.self)
    }
    /// Set once, in `init` (a `var` only because the block's address is known after the first phase).
    @exclusivity(unchecked) private(set) final var lock: InlineLock
    /// Whether the kept instance is published for the fast path (see also ``publishesNow``).
    let publishes: Bool
    /// The bit of ``flags`` by which an owner withdraws its instance from the fast path for good (`Entry` sets it
    /// for an async `onCreated` hook, as only the async API may hand out such an instance).
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
        ownsLock = true
        // Filled in below, once `self` exists: the block's address is the object's.
        lock = InlineLock(at: UnsafeMutableRawPointer(bitPattern: InlineLock.alignment).unsafelyUnwrapped)
        let block = self.block
        let layout = Layout.current
        // Proven for every supported platform by SlotBlockLayoutTests; a new platform with a larger mutex stops here.
        precondition(
            layout.fits && InlineLock.alignment <= SlotBlockLayout.capacityAlignment,
            "a slot's block has no room for this platform's mutex")
        block.storeBytes(of: plainType.map { UInt(bitPattern: $0) } ?? 0, toByteOffset: Layout.plainType, as: UInt.self)
        block.storeBytes(of: keyHash, toByteOffset: Layout.keyHash, as: Int.self)
        block.storeBytes(
            of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), toByteOffset: Layout.owner,
            as: UnsafeRawPointer.self)
        lock = InlineLock(at: block + layout.mutex)
        lock.initialize()
    }

    /// A slot guarded by `lock`, which its owner keeps alive longer than the slot (never held while user code
    /// runs, like every lock of Syringe).
    init(sharing lock: InlineLock, keepsWeakly: Bool) {
        publishes = false
        self.keepsWeakly = keepsWeakly
        // Such a slot publishes nothing, has no flags and is in no table: its block stays zeros.
        self.lock = lock
        ownsLock = false
    }

    deinit {
        if ownsLock { lock.destroy() }
    }

    /// Whether a kept instance is published now: ``publishes``, unless the owner withdrew it. Read under the
    /// lock, which the owner holds to set the flag.
    private var publishesNow: Bool {
        publishes && syringe_load_word_acquire(flags) & Self.unpublishedFlag == 0
    }

    /// Stops publishing for good and withdraws what is published; the instance stays kept. The caller holds
    /// the lock and has set ``unpublishedFlag``.
    final func withdrawPublishedHoldingLock() {
        if publishes { syringe_store_release(published, nil) }
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

    /// Ends a build that succeeded: keeps `instance` unless a reset happened since `epoch`, and wakes the
    /// waiters. Returns whether it was kept.
    @discardableResult
    final func finish(_ instance: Instance, ticket claim: BuildTicket, startedAt epoch: UInt64) -> Bool {
        let object = keepsWeakly ? instance.type.object(at: instance.payload) : nil
        lock.lock()
        let keeps = epoch == self.epoch
        if keeps {
            instance.sequence = Instance.nextSequence()
            if keepsWeakly {
                self.object = object
            } else {
                self.instance = instance
                if publishesNow { syringe_store_release(published, instance.payload) }
            }
        }
        if ticket === claim { ticket = nil }
        lock.unlock()
        claim.finish()
        return keeps
    }

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
        if publishes { syringe_store_release(published, nil) }
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
            if publishesNow, let kept { syringe_store_release(published, kept.payload) }
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
