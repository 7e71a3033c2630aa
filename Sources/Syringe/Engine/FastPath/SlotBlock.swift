/// The raw part of an ``InstanceSlot``: the words that lock-free readers see (a table of registrations holds
/// blocks, not objects), and the slot's mutex, in the slot object itself (one allocation for the slot, its block
/// and its mutex).
///
/// Registering 1,000 services took 2,600 instructions each with the block and the mutex allocated apart, 2,257
/// with them inside the object; a cold start of 1,000 singletons 7,060 instructions per service, 6,560 with this
/// and the ticket's inline state word (see the Design decisions article, "The fast path").
// @unchecked Sendable: the published payload and the flags are written with release stores (under the lock) and
// read with acquire loads; the other words are written once, in `init`.
@usableFromInline
class SlotBlock: @unchecked Sendable {
    /// The memory of ``block``, inside this object (one allocation for the slot, its block and its mutex): the
    /// first stored property, so that it starts where the object's stored properties do. Never read or written
    /// as a Swift value after initialisation, only through ``block``.
    @exclusivity(unchecked) private var blockStorage: BlockStorage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The words the lock-free paths read, then the mutex (see ``Layout``); a table of registrations holds
    /// blocks. A slot that shares the lock of its owner (a scope's store) has a block too, without the mutex.
    final var block: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }
    /// ``block`` as a table of registrations holds it.
    final var blockAddress: BlockAddress { BlockAddress(bits: UInt(bitPattern: block)) }

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
    /// The payload of the kept instance for the fast path, or 0.
    private var published: WordAddress { WordAddress(block).advanced(byBytes: Layout.published) }
    /// Flags its owner sets once and reads without the lock (see `Entry`).
    private var flags: WordAddress { WordAddress(block).advanced(byBytes: Layout.flags) }
    /// Set once, in `init` (a `var` only because the block's address is known after the first phase).
    @exclusivity(unchecked) private(set) final var lock: InlineLock
    /// A block with a mutex of its own; `plainType` and `keyHash` describe its key for tables of registrations.
    init(plainType: ObjectIdentifier?, keyHash: Int) {
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
        block.storeBytes(of: ObjectWord.borrowing(self), toByteOffset: Layout.owner, as: UInt.self)
        lock = InlineLock(at: block + layout.mutex)
        lock.initialize()
    }

    /// A block guarded by `lock`, its owner's: it publishes nothing, has no flags and is in no table (its words
    /// stay zeros).
    init(sharing lock: InlineLock) {
        self.lock = lock
        ownsLock = false
    }

    deinit {
        if ownsLock { lock.destroy() }
    }

    /// The published payload (acquire), or nil.
    final var publishedPayload: ValueAddress? { ValueAddress(bitPattern: published.load()) }

    /// Publishes `payload` for lock-free readers (release), or withdraws what is published (nil). Under the lock.
    final func publish(_ payload: ValueAddress?) { published.store(payload?.bitPattern ?? 0) }

    /// The flags word (acquire).
    final var flagsWord: UInt { flags.load() }

    /// Sets the flags word (release). Under the lock.
    final func storeFlagsWord(_ value: UInt) { flags.store(value) }
}
