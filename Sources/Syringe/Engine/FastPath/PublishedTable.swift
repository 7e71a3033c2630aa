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
    let base: UnsafeMutableRawPointer
    private var slots: UnsafeMutablePointer<UnsafeMutableRawPointer?> { SlotTable.slots(of: base) }
    /// Live entries plus tombstones (writer side).
    private var used = 0

    /// Marks a removed slot, so probes continue past it.
    static var tombstone: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped
    }

    init(capacity: Int) {
        self.capacity = capacity
        base = RawMemory.allocate(byteCount: (capacity + 1) * MemoryLayout<UnsafeMutableRawPointer?>.stride)
        base.storeBytes(of: capacity, as: Int.self)
        SlotTable.slots(of: base).initialize(repeating: nil, count: capacity)
    }

    deinit {
        RawMemory.deallocate(base)
    }

    @inline(__always)
    static func slots(of base: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (base + MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// Keeps the load at most one half, so probe chains stay short.
    var hasRoom: Bool { (used + 1) * 2 <= capacity }

    /// The block of the plain type key `type` in the table at `base`. Inside a read section: the block is valid
    /// until it ends.
    @inline(__always)
    static func findBlock(plainType type: UInt, in base: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let mask = base.load(as: Int.self) &- 1
        let slots = SlotTable.slots(of: base)
        var index = Key.mix(bits: type) & mask
        while let block = syringe_load_acquire(slots + index) {
            if block != tombstone, block.load(fromByteOffset: InstanceSlot.Layout.plainType, as: UInt.self) == type {
                return block
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// The entry owning `block`.
    @inline(__always)
    static func entry(of block: UnsafeMutableRawPointer) -> Unmanaged<Entry> {
        Unmanaged<Entry>.fromOpaque(block.load(fromByteOffset: InstanceSlot.Layout.owner, as: UnsafeRawPointer.self))
    }

    /// The entry of the plain type key `type` in the table at `base`, inside a read section.
    static func find(plainType type: ObjectIdentifier, in base: UnsafeMutableRawPointer) -> Unmanaged<Entry>? {
        findBlock(plainType: UInt(bitPattern: type), in: base).map(entry(of:))
    }

    /// The entry of `key` in the table at `base`, inside a read section or under the registry's lock.
    static func find(_ key: Key, hash: Int, in base: UnsafeMutableRawPointer) -> Unmanaged<Entry>? {
        findBlock(key, hash: hash, in: base).map(entry(of:))
    }

    /// The block of `key` (whose `fastHash` is `hash`) in the table at `base`, inside a read section or under the
    /// registry's lock.
    static func findBlock(_ key: Key, hash: Int, in base: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let mask = base.load(as: Int.self) &- 1
        let slots = SlotTable.slots(of: base)
        var index = hash & mask
        while let block = syringe_load_acquire(slots + index) {
            if block != tombstone, block.load(fromByteOffset: InstanceSlot.Layout.keyHash, as: Int.self) == hash,
                entry(of: block)._withUnsafeGuaranteedRef({ $0.key == key })
            {
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
        while let raw = slots[index], raw != SlotTable.tombstone { index = (index &+ 1) & mask }
        if slots[index] == nil { used += 1 }
        syringe_store_release(slots + index, entry.block)
    }

    func replace(_ old: Entry, with new: Entry) {
        guard let index = index(of: old) else { return insert(new) }
        syringe_store_release(slots + index, new.block)
    }

    func remove(_ entry: Entry) {
        guard let index = index(of: entry) else { return }
        syringe_store_release(slots + index, SlotTable.tombstone)
    }

    private func index(of entry: Entry) -> Int? {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let raw = slots[index] {
            if raw == entry.block { return index }
            index = (index &+ 1) & mask
        }
        return nil
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
