/// Where the instances of one custom scope's registrations of one container go in an open scope: each
/// registration gets an index when it is registered, and a scope whose slots follow this layout keeps its instance
/// in the slot at that index (see `ScopeSlots`). A test container's copy of a registration keeps its original's
/// index, so the two share one instance per scope.
///
/// An index is reused: a registration that replaces another of the same scope takes its index, and one registered
/// after a removal takes a freed one, so that a container replacing its registrations again and again keeps its
/// scopes' slots as many as its live registrations. A scope opened before keeps the instance the replaced one built
/// (its slot records the registration that built it, to dispose of it, which the scope's snapshot keeps alive): a
/// resolve of the new one there sees a slot of another registration and goes to the overflow store.
// @unchecked Sendable: `holders`, `free` and the shape are read and written under `lock` (which registration changes
// take inside the registry's); the snapshot is published for lock-free reads.
final class ScopeLayout: @unchecked Sendable {
    let scope: Scope
    private let lock = Lock()
    /// Which registration holds each index (nil: free). Held strongly, so that a snapshot can hold them too; a
    /// registration is dropped here under the registry's lock, which holds it until its retirement.
    @exclusivity(unchecked) private var holders: [Entry?] = []
    /// Freed indexes, to reuse.
    @exclusivity(unchecked) private var free: [Int] = []
    /// The bytes from one slot to the next.
    @exclusivity(unchecked) private var stride = 0
    /// What the scopes that lay their slots out now follow; nil once registrations changed since it was made.
    private let current = PublishedReference<ScopeLayoutSnapshot>()

    /// Payloads larger than this go to the overflow store rather than widening every slot.
    static var largestPayload: Int { 256 }

    init(scope: Scope) {
        self.scope = scope
    }

    /// What a scope that lays its slots out now follows: the current snapshot, made when registrations changed.
    func snapshot() -> ScopeLayoutSnapshot {
        if let published = current.value() { return published }
        return lock.withLock {
            if let published = current.value() { return published }
            let made = ScopeLayoutSnapshot(layout: self, stride: stride, entries: holders)
            _ = current.exchange(made)
            return made
        }
    }

    /// Stops publishing a snapshot, and hands back the one published: when the registry goes (a snapshot keeps its
    /// layout, and the layout its current snapshot, until then).
    func dropSnapshot() -> ScopeLayoutSnapshot? {
        lock.withLock { current.exchange(nil) }
    }

    /// Whether `entry` holds an index of this layout. Under the lock.
    private func holds(_ entry: Entry) -> Bool {
        entry.scopeLayout === self && entry.scopeIndex < holders.count && holders[entry.scopeIndex] === entry
    }

    /// Gives `entry` an index: that of `replaced` when it held one here, else a freed one, else the next. Under the
    /// registry's lock; returns the snapshot it made stale, to retire after that lock.
    func place(_ entry: Entry, replacing replaced: Entry?) -> ScopeLayoutSnapshot? {
        lock.withLock {
            let index: Int
            if let replaced, holds(replaced) {
                index = replaced.scopeIndex
            } else if let reused = free.popLast() {
                index = reused
            } else {
                index = holders.count
                holders.append(nil)
            }
            holders[index] = entry
            let service = entry.service
            if service.alignment <= ScopeSlot.maximumAlignment, service.size <= ScopeLayout.largestPayload {
                stride = max(stride, ScopeSlot.stride(payload: service.size))
            }
            entry.place(in: self, at: index)
            return current.exchange(nil)
        }
    }

    /// Frees the index of `entry` (removed, or replaced by a registration placed elsewhere). Under the registry's
    /// lock; returns the snapshot it made stale, to retire after that lock.
    func release(_ entry: Entry) -> ScopeLayoutSnapshot? {
        lock.withLock {
            guard holds(entry) else { return nil }
            holders[entry.scopeIndex] = nil
            free.append(entry.scopeIndex)
            return current.exchange(nil)
        }
    }
}

/// The registrations of a ``ScopeLayout`` at one time, which a scope lays its slots out by and keeps until it goes:
/// a registration it holds outlives every instance a scope that keeps the snapshot built with it, so such a slot
/// needs no reference of its own (see `ScopeSlot.finish(_:sequence:borrowed:)`).
final class ScopeLayoutSnapshot: Sendable {
    let layout: ScopeLayout
    /// How many slots, and the bytes from one to the next.
    let count: Int
    let stride: Int
    let entries: [Entry?]

    init(layout: ScopeLayout, stride: Int, entries: [Entry?]) {
        self.layout = layout
        self.count = entries.count
        self.stride = stride
        self.entries = entries
    }

    /// Whether `entry` is one of the registrations kept here.
    @inline(__always)
    func keeps(_ entry: Entry) -> Bool {
        entry.scopeIndex < entries.count && entries[entry.scopeIndex] === entry
    }
}
