import SyringeShims

/// The registrations of one container: written under a lock, read without one.
///
/// Readers probe an open-addressing table whose slots hold unretained entry pointers, published with
/// release stores and read with acquire loads, so resolving from many threads never serialises and
/// never touches a shared reference count. Every entry ever published, and every outgrown table, stays
/// alive until the registry itself goes: a reader never holds a pointer to freed memory.
// @unchecked Sendable: writer state is guarded by `lock`; the published table is read through atomics.
@usableFromInline
final class Registry: @unchecked Sendable {
    private let lock = Lock()
    /// The live entries in first-registration order, held strongly (the table holds them unretained).
    /// Guarded by `lock`; exclusivity is the lock's job, so the runtime's dynamic checks are skipped.
    @exclusivity(unchecked) private var ordered: [AnyEntry] = []
    /// Entries replaced or removed, and outgrown tables: readers may still hold them.
    @exclusivity(unchecked) private var retired: [AnyObject] = []
    /// The keys of multi-binding contributions per service type, in contribution order.
    @exclusivity(unchecked) private var contributionKeys: [ObjectIdentifier: [Key]] = [:]
    /// Bumped on every change, for answers remembered until registrations change.
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0
    @usableFromInline let published = AtomicSlot()
    /// The table readers see; the writer finds entries in it too, so there is no second index.
    @exclusivity(unchecked) private var table: SlotTable

    init() {
        table = SlotTable(capacity: 16)
        published.store(Unmanaged.passUnretained(table).toOpaque())
    }

    // MARK: Reading (lock-free)

    /// The entry of the plain type key `type` (no name, arguments or key-path origin), if registered here.
    @inlinable @inline(__always)
    func entry(forPlainType type: ObjectIdentifier) -> Unmanaged<AnyEntry>? {
        let table = Unmanaged<SlotTable>.fromOpaque(published.load()!)
        return table._withUnsafeGuaranteedRef { $0.find(plainType: type) }
    }

    /// The entry of `key`, if registered here.
    @usableFromInline
    func entry(for key: Key) -> AnyEntry? {
        if key.isPlainType { return entry(forPlainType: ObjectIdentifier(key.serviceType))?.takeUnretainedValue() }
        let table = Unmanaged<SlotTable>.fromOpaque(published.load()!)
        return table._withUnsafeGuaranteedRef { $0.find(key, hash: key.fastHash) }?.takeUnretainedValue()
    }

    // MARK: Writing (under the lock)

    /// Puts `entry` in, replacing the entry of the same key (the latest wins). Returns the replaced one.
    @discardableResult
    func install(_ entry: AnyEntry) -> AnyEntry? {
        lock.withLock { installLocked(entry) }
    }

    // MARK: Components (see Container+Components.swift); guarded by `lock` like the rest

    /// The components registered here by their own type, which also answer the protocols they conform to.
    @exclusivity(unchecked) private var components: [Key: ComponentRecord] = [:]
    /// Tells apart the calls that registered components: one call, one group.
    @exclusivity(unchecked) private var componentGroups: UInt64 = 0
    /// Memoised conformance lookups per requested key, with the generation they were computed at.
    @exclusivity(unchecked) private var conformanceAnswers: [Key: (generation: UInt64, answer: ConformanceAnswer)] = [:]

    /// Installs a component registration: `entry` also answers the protocols `type` conforms to.
    func install(_ entry: AnyEntry, component type: any Any.Type, group: UInt64) {
        lock.withLock {
            installLocked(entry)
            components[entry.key] = ComponentRecord(entry: entry, type: type, group: group, sequence: generation)
        }
    }

    /// A new group for components registered together.
    func newComponentGroup() -> UInt64 {
        lock.withLock {
            componentGroups &+= 1
            return componentGroups
        }
    }

    /// The remembered answer for `key` if it is still current, else the components to compute it from.
    func conformanceSnapshot(
        for key: Key
    ) -> (generation: UInt64, answer: ConformanceAnswer?, components: [ComponentRecord]) {
        lock.withLock {
            if let memo = conformanceAnswers[key], memo.generation == generation {
                return (generation, memo.answer, [])
            }
            return (generation, nil, Array(components.values))
        }
    }

    /// Remembers `answer` for `key`, unless a registration happened since `computedAt`.
    func remember(_ answer: ConformanceAnswer, for key: Key, computedAt: UInt64) {
        lock.withLock {
            if generation == computedAt { conformanceAnswers[key] = (computedAt, answer) }
        }
    }

    /// Puts `entry` in unless its key is already registered; returns the entry that is registered now.
    func installIfAbsent(_ entry: AnyEntry) -> AnyEntry {
        lock.withLock {
            if let existing = existingEntry(for: entry.key) { return existing }
            installLocked(entry)
            return entry
        }
    }

    /// Removes the entry of `key` when `shouldRemove` says so; returns whether it did.
    @discardableResult
    func remove(_ key: Key, if shouldRemove: (AnyEntry) -> Bool = { _ in true }) -> Bool {
        lock.withLock {
            guard let existing = existingEntry(for: key), shouldRemove(existing) else { return false }
            ordered.remove(at: existing.orderIndex)
            for index in existing.orderIndex..<ordered.count { ordered[index].orderIndex = index }
            table.remove(existing)
            retired.append(existing)
            generation &+= 1
            forgetComponentAnswers(for: key)
            return true
        }
    }

    /// Records that `key` (already installed) contributes to the multi-binding of `service`.
    func addContribution(_ key: Key, to service: ObjectIdentifier) {
        lock.withLock { contributionKeys[service, default: []].append(key) }
    }

    /// The entries contributed to the multi-binding of `service`, in contribution order.
    func contributions(to service: ObjectIdentifier) -> [AnyEntry] {
        lock.withLock { (contributionKeys[service] ?? []).compactMap { existingEntry(for: $0) } }
    }

    /// The whole contribution index, to copy into another registry.
    var contributionIndex: [ObjectIdentifier: [Key]] {
        get { lock.withLock { contributionKeys } }
        set { lock.withLock { contributionKeys = newValue } }
    }

    /// All entries, in first-registration order.
    var allEntries: [AnyEntry] {
        lock.withLock { ordered }
    }

    /// All keys, in first-registration order.
    var allKeys: [Key] {
        lock.withLock { ordered.map(\.key) }
    }

    /// The entry of `key` as the writer sees it (under the lock).
    private func existingEntry(for key: Key) -> AnyEntry? {
        let found = key.isPlainType ? table.find(plainType: ObjectIdentifier(key.serviceType)) : table.find(key, hash: key.fastHash)
        return found?.takeUnretainedValue()
    }

    /// Every change retires the remembered conformance answers; a key no longer names the component it did.
    private func forgetComponentAnswers(for key: Key) {
        if !conformanceAnswers.isEmpty { conformanceAnswers.removeAll() }
        if !components.isEmpty { components[key] = nil }
    }

    @discardableResult
    private func installLocked(_ entry: AnyEntry) -> AnyEntry? {
        generation &+= 1
        forgetComponentAnswers(for: entry.key)
        if let replaced = existingEntry(for: entry.key) {
            table.replace(replaced, with: entry)
            entry.orderIndex = replaced.orderIndex
            ordered[replaced.orderIndex] = entry
            retired.append(replaced)
            return replaced
        }
        entry.orderIndex = ordered.count
        ordered.append(entry)
        if !table.hasRoom {
            let grown = SlotTable(capacity: table.capacity * 2)
            for live in ordered { grown.insert(live) }
            retired.append(table)
            table = grown
            published.store(Unmanaged.passUnretained(table).toOpaque())
        } else {
            table.insert(entry)
        }
        return nil
    }
}

/// A fixed-capacity open-addressing table of entry pointers. Slots are written by one writer at a time
/// (under the registry's lock) with release stores and read by anyone with acquire loads.
// @unchecked Sendable: slots are accessed through the C11 atomics only; `capacity` and `slots` are immutable.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    @usableFromInline let capacity: Int
    @usableFromInline let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Live entries plus tombstones (writer side).
    private var used = 0

    /// Marks a removed slot, so probes continue past it.
    @inlinable static var tombstone: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped }

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

    @inlinable @inline(__always)
    func find(plainType type: ObjectIdentifier) -> Unmanaged<AnyEntry>? {
        let mask = capacity &- 1
        var index = Key.mix(type) & mask
        while let raw = syringe_load_acquire(slots + index) {
            if raw != SlotTable.tombstone {
                let entry = Unmanaged<AnyEntry>.fromOpaque(raw)
                if entry._withUnsafeGuaranteedRef({ $0.plainType == type }) { return entry }
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    func find(_ key: Key, hash: Int) -> Unmanaged<AnyEntry>? {
        let mask = capacity &- 1
        var index = hash & mask
        while let raw = syringe_load_acquire(slots + index) {
            if raw != SlotTable.tombstone {
                let entry = Unmanaged<AnyEntry>.fromOpaque(raw)
                if entry._withUnsafeGuaranteedRef({ $0.keyHash == hash && $0.key == key }) { return entry }
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    func insert(_ entry: AnyEntry) {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let raw = slots[index], raw != SlotTable.tombstone { index = (index &+ 1) & mask }
        if slots[index] == nil { used += 1 }
        syringe_store_release(slots + index, Unmanaged.passUnretained(entry).toOpaque())
    }

    func replace(_ old: AnyEntry, with new: AnyEntry) {
        guard let index = index(of: old) else { return insert(new) }
        syringe_store_release(slots + index, Unmanaged.passUnretained(new).toOpaque())
    }

    func remove(_ entry: AnyEntry) {
        guard let index = index(of: entry) else { return }
        syringe_store_release(slots + index, SlotTable.tombstone)
    }

    private func index(of entry: AnyEntry) -> Int? {
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
