import SyringeShims

/// A fixed-capacity open-addressing table of registrations. Slots hold the *blocks* of entries (see
/// `InstanceSlot.Layout`), so the fast path probes raw memory and never touches an object. Slots are written by
/// one writer at a time (under the registry's lock) with release stores and read by anyone, inside read
/// sections, with acquire loads.
///
/// The table is raw memory too, `[capacity][slot 0]…`, owned by this object; readers are handed its address.
// @unchecked Sendable: slots are accessed through the C11 atomics only; `capacity` and `base` are immutable.
final class SlotTable: @unchecked Sendable {
    let capacity: Int
    /// `[capacity][slots…]`: what readers see.
    let base: TableAddress
    /// Live entries plus tombstones (writer side).
    private var used = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = TableAddress(capacity: capacity)
    }

    deinit {
        RawMemory.deallocate(base.raw)
    }

    /// Keeps the load at most one half, so probe chains stay short.
    var hasRoom: Bool { (used + 1) * 2 <= capacity }

    /// The block of the plain type key `type` in `table`. Inside a read section: the block is valid until it ends.
    @inline(__always)
    static func findBlock(plainType type: UInt, in table: TableAddress) -> BlockAddress? {
        let mask = table.mask
        var index = Key.mix(bits: type) & mask
        while let block = table.block(at: index) {
            if block != .tombstone, block.plainType == type { return block }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// The entry of the plain type key `type` in `table`, inside a read section.
    static func find(plainType type: ObjectIdentifier, in table: TableAddress) -> Unmanaged<Entry>? {
        findBlock(plainType: UInt(bitPattern: type), in: table)?.entry
    }

    /// The entry of `key` in `table`, inside a read section or under the registry's lock.
    static func find(_ key: Key, hash: Int, in table: TableAddress) -> Unmanaged<Entry>? {
        findBlock(key, hash: hash, in: table)?.entry
    }

    /// The block of `key` (whose `fastHash` is `hash`) in `table`, inside a read section or under the registry's
    /// lock.
    static func findBlock(_ key: Key, hash: Int, in table: TableAddress) -> BlockAddress? {
        let mask = table.mask
        var index = hash & mask
        while let block = table.block(at: index) {
            if block != .tombstone, block.keyHash == hash, block.entry._withUnsafeGuaranteedRef({ $0.key == key }) {
                return block
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    func find(plainType type: ObjectIdentifier) -> Unmanaged<Entry>? { SlotTable.find(plainType: type, in: base) }

    func find(_ key: Key, hash: Int) -> Unmanaged<Entry>? { SlotTable.find(key, hash: hash, in: base) }

    func insert(_ entry: Entry) {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let block = base.block(at: index), block != .tombstone { index = (index &+ 1) & mask }
        if base.block(at: index) == nil { used += 1 }
        base.store(entry.blockAddress, at: index)
    }

    func replace(_ old: Entry, with new: Entry) {
        guard let index = index(of: old) else { return insert(new) }
        base.store(new.blockAddress, at: index)
    }

    func remove(_ entry: Entry) {
        guard let index = index(of: entry) else { return }
        base.store(.tombstone, at: index)
    }

    private func index(of entry: Entry) -> Int? {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let block = base.block(at: index) {
            if block == entry.blockAddress { return index }
            index = (index &+ 1) & mask
        }
        return nil
    }
}

/// A table of registrations as readers see it: raw memory `[capacity][slot 0]…`, each slot the address of a
/// registration's block, or null (empty), or ``BlockAddress/tombstone`` (removed).
struct TableAddress {
    let raw: UnsafeMutableRawPointer

    init(raw: UnsafeMutableRawPointer) { self.raw = raw }

    /// A new table of `capacity` empty slots (a power of two), owned by the caller.
    init(capacity: Int) {
        raw = RawMemory.allocate(byteCount: (capacity + 1) * MemoryLayout<UnsafeMutableRawPointer?>.stride)
        raw.storeBytes(of: capacity, as: Int.self)
        slots.initialize(repeating: nil, count: capacity)
    }

    /// The capacity less one: probes wrap with it.
    @inline(__always) var mask: Int { raw.load(as: Int.self) &- 1 }

    @inline(__always) private var slots: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (raw + MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The block in slot `index` (acquire), or nil for an empty slot.
    @inline(__always)
    func block(at index: Int) -> BlockAddress? { syringe_load_acquire(slots + index).map(BlockAddress.init(raw:)) }

    /// Publishes `block` in slot `index` (release). Under the registry's lock.
    func store(_ block: BlockAddress, at index: Int) { syringe_store_release(slots + index, block.raw) }
}

/// The block of a registration as a table holds it (see `SlotBlock.Layout`): what a lock-free reader reads of a
/// registration without touching the object. Valid inside the read section that found it.
struct BlockAddress: Equatable {
    let raw: UnsafeMutableRawPointer

    /// Marks a removed slot, so probes continue past it.
    static var tombstone: BlockAddress { BlockAddress(raw: UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped) }

    /// The identity of the service type of a plain type key (0 for any other key).
    @inline(__always) var plainType: UInt { raw.load(fromByteOffset: InstanceSlot.Layout.plainType, as: UInt.self) }

    /// The hash of the key.
    @inline(__always) var keyHash: Int { raw.load(fromByteOffset: InstanceSlot.Layout.keyHash, as: Int.self) }

    /// The registration that owns the block, unretained.
    @inline(__always) var entry: Unmanaged<Entry> {
        Unmanaged<Entry>.fromOpaque(raw.load(fromByteOffset: InstanceSlot.Layout.owner, as: UnsafeRawPointer.self))
    }

    /// The payload of the kept instance, published for the fast path (acquire), or nil.
    @inline(__always) var published: ValueAddress? {
        syringe_load_acquire(raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)).map(ValueAddress.init)
    }
}

/// What the fast path follows from a container: raw memory `[slot of the table][parent's links]`, or a null
/// address for a container whose instances it may not read.
// @unchecked Sendable: immutable after init; the table slot is only accessed through atomics.
struct FastPathLinks: @unchecked Sendable {
    let address: UnsafeMutableRawPointer?

    init(table: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, parent: FastPathLinks?) {
        guard let table else {
            address = nil
            return
        }
        let address = RawMemory.allocate(byteCount: 2 * MemoryLayout<UnsafeMutableRawPointer>.stride)
        address.storeBytes(of: UnsafeMutableRawPointer(table), as: UnsafeMutableRawPointer.self)
        address.storeBytes(
            of: parent?.address, toByteOffset: FastPathLinks.parentOffset, as: UnsafeMutableRawPointer?.self)
        self.address = address
    }

    /// Where the parent's links are: the second word.
    @inline(__always) static var parentOffset: Int { MemoryLayout<UnsafeMutableRawPointer>.stride }

    func deallocate() {
        RawMemory.deallocate(address)
    }
}
