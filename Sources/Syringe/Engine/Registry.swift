/// The registrations of one container: written under a lock, read without one.
///
/// Readers probe an open-addressing table of unretained entry pointers inside a read section, so
/// resolving from many threads never serialises and never touches a shared reference count. Whatever a
/// change unpublishes (a replaced or removed entry, an outgrown table) is released through
/// ``Reclamation/retire(_:)`` once no reader can see it, after the lock is released.
// @unchecked Sendable: writer state is guarded by `lock`; the published table is read through atomics.
final class Registry: @unchecked Sendable {
    private let lock = Lock()
    /// The live entries in first-registration order, held strongly (the table holds them unretained).
    @exclusivity(unchecked) private var ordered: [Entry] = []
    /// Bumped on every change, for answers remembered until registrations change.
    @exclusivity(unchecked) private var changes: UInt64 = 0
    /// The table readers see, unretained; `table` keeps it alive.
    let published = AtomicUInt()
    @exclusivity(unchecked) private var table: SlotTable
    /// The layouts of open scopes' slots, one per custom scope registered here.
    @exclusivity(unchecked) private var scopeLayouts: [Scope: ScopeLayout] = [:]

    init() {
        table = SlotTable(capacity: 16)
        published.store(table.base.bitPattern)
    }

    deinit {
        // A layout and its current snapshot hold each other; scopes still open keep theirs.
        for layout in scopeLayouts.values { _ = layout.dropSnapshot() }
    }

    // MARK: Reading (lock-free)

    /// The table readers see. Inside a read section, or under the lock.
    private var publishedTable: TableAddress { TableAddress(bitPattern: published.load()).unsafelyUnwrapped }

    /// The entry of the plain type key `type`. Call inside a read section: the entry is valid until it ends.
    func entry(forPlainType type: ObjectIdentifier) -> Entry? {
        SlotTable.find(plainType: type, in: publishedTable)
    }

    /// The entry of the plain type key `type`, if registered here, retained.
    func retainedEntry(forPlainType type: ObjectIdentifier) -> Entry? {
        let section = ReadSection.begin()
        defer { section.end() }
        return entry(forPlainType: type)
    }

    /// The entry of `key`, if registered here, retained.
    func entry(for key: Key) -> Entry? {
        let section = ReadSection.begin()
        defer { section.end() }
        if key.isPlainType { return entry(forPlainType: ObjectIdentifier(key.serviceType)) }
        return SlotTable.find(key, hash: key.fastHash, in: publishedTable)
    }

    // MARK: Writing

    /// Puts `entry` in, replacing the entry of the same key (the latest wins). Returns the replaced one,
    /// which stays usable by whoever holds it (it is released when no reader can see it).
    @discardableResult
    func install(_ entry: Entry) -> Entry? {
        var retired: [AnyObject] = []
        let replaced = lock.withLock { installLocked(entry, retiring: &retired) }
        replaced?.retire()
        Reclamation.retire(retired)
        return replaced
    }

    /// Puts `entry` in unless its key is already registered; returns the entry that is registered now.
    func installIfAbsent(_ entry: Entry) -> Entry {
        var retired: [AnyObject] = []
        let registered = lock.withLock { () -> Entry in
            if let existing = existingEntry(for: entry.key) { return existing }
            installLocked(entry, retiring: &retired)
            return entry
        }
        Reclamation.retire(retired)
        return registered
    }

    /// Removes the entry of `key` when `shouldRemove` says so; returns the removed entry.
    @discardableResult
    func remove(_ key: Key, if shouldRemove: (Entry) -> Bool = { _ in true }) -> Entry? {
        var stale: ScopeLayoutSnapshot?
        let removed = lock.withLock { () -> Entry? in
            guard let existing = existingEntry(for: key), shouldRemove(existing) else { return nil }
            ordered.remove(at: existing.orderIndex)
            for index in existing.orderIndex..<ordered.count { ordered[index].orderIndex = index }
            table.remove(existing)
            stale = existing.scopeLayout?.release(existing)
            changes &+= 1
            return existing
        }
        if let removed {
            removed.retire()
            Reclamation.retire([removed] + (stale.map { [$0] } ?? []))
        }
        return removed
    }

    /// Removes every entry; returns them in registration order.
    func removeAll() -> [Entry] {
        var stale: [AnyObject] = []
        let (removed, oldTable) = lock.withLock { () -> ([Entry], SlotTable) in
            let all = ordered
            for entry in all {
                if let snapshot = entry.scopeLayout?.release(entry) { stale.append(snapshot) }
            }
            ordered = []
            let old = table
            table = SlotTable(capacity: 16)
            published.store(table.base.bitPattern)
            changes &+= 1
            return (all, old)
        }
        for entry in removed { entry.retire() }
        Reclamation.retire(removed + [oldTable] + stale)
        return removed
    }

    /// All entries, in first-registration order: a copy made under the lock. Not the array itself: in release
    /// builds the optimiser may take the array's buffer without retaining it before the lock is released, and a
    /// registration then writes into the buffer the caller reads (ThreadSanitizer found it in release only).
    var allEntries: [Entry] {
        lock.withLock { ordered.map { $0 } }
    }

    /// All keys, in first-registration order.
    var allKeys: [Key] {
        lock.withLock { ordered.map(\.key) }
    }

    /// A number that changes whenever a registration is added, replaced or removed.
    var generation: UInt64 {
        lock.withLock { changes }
    }

    /// The entry of `key` as the writer sees it (under the lock).
    private func existingEntry(for key: Key) -> Entry? {
        key.isPlainType
            ? table.find(plainType: ObjectIdentifier(key.serviceType)) : table.find(key, hash: key.fastHash)
    }

    @discardableResult
    private func installLocked(_ entry: Entry, retiring retired: inout [AnyObject]) -> Entry? {
        changes &+= 1
        let existing = existingEntry(for: entry.key)
        if entry.scope.isCustom, entry.scopeLayout == nil {
            let layout = scopeLayouts[entry.scope] ?? ScopeLayout(scope: entry.scope)
            scopeLayouts[entry.scope] = layout
            if let stale = layout.place(entry, replacing: existing) { retired.append(stale) }
        }
        if let replaced = existing {
            if let layout = replaced.scopeLayout, replaced.scopeLayout !== entry.scopeLayout,
                let stale = layout.release(replaced)
            {
                retired.append(stale)
            }
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
            published.store(table.base.bitPattern)
        } else {
            table.insert(entry)
        }
        return nil
    }
}
