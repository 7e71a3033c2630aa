import SyringeShims

/// A fixed-capacity open-addressing table of entry pointers. Slots are written by one writer at a time
/// (under the registry's lock) with release stores and read by anyone, inside read sections, with acquire
/// loads.
// @unchecked Sendable: slots are accessed through the C11 atomics only; `capacity` and `slots` are immutable.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    @usableFromInline let capacity: Int
    @usableFromInline let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Live entries plus tombstones (writer side).
    private var used = 0

    /// Marks a removed slot, so probes continue past it.
    @inlinable static var tombstone: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped
    }

    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
    }

    deinit {
        slots.deallocate()
    }

    /// Keeps the load at most one half, so probe chains stay short.
    var hasRoom: Bool { (used + 1) * 2 <= capacity }

    /// The entry of the plain type key `type`. Inside a read section: the entry is valid until it ends.
    @inlinable @inline(__always)
    func find(plainType type: ObjectIdentifier) -> Unmanaged<Entry>? {
        let mask = capacity &- 1
        var index = Key.mix(type) & mask
        while let raw = syringe_load_acquire(slots + index) {
            if raw != SlotTable.tombstone {
                let entry = Unmanaged<Entry>.fromOpaque(raw)
                if entry._withUnsafeGuaranteedRef({ $0.plainType == type }) { return entry }
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// The entry of `key`. Inside a read section, or under the registry's lock.
    func find(_ key: Key, hash: Int) -> Unmanaged<Entry>? {
        let mask = capacity &- 1
        var index = hash & mask
        while let raw = syringe_load_acquire(slots + index) {
            if raw != SlotTable.tombstone {
                let entry = Unmanaged<Entry>.fromOpaque(raw)
                if entry._withUnsafeGuaranteedRef({ $0.keyHash == hash && $0.key == key }) { return entry }
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    func insert(_ entry: Entry) {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let raw = slots[index], raw != SlotTable.tombstone { index = (index &+ 1) & mask }
        if slots[index] == nil { used += 1 }
        syringe_store_release(slots + index, Unmanaged.passUnretained(entry).toOpaque())
    }

    func replace(_ old: Entry, with new: Entry) {
        guard let index = index(of: old) else { return insert(new) }
        syringe_store_release(slots + index, Unmanaged.passUnretained(new).toOpaque())
    }

    func remove(_ entry: Entry) {
        guard let index = index(of: entry) else { return }
        syringe_store_release(slots + index, SlotTable.tombstone)
    }

    private func index(of entry: Entry) -> Int? {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        let target = Unmanaged.passUnretained(entry).toOpaque()
        while let raw = slots[index] {
            if raw == target { return index }
            index = (index &+ 1) & mask
        }
        return nil
    }
}
