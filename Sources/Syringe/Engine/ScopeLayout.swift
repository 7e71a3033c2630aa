/// Where the instances of one custom scope's registrations of one container go in an open scope: each
/// registration gets an index when it is registered, and a scope whose slots follow this layout keeps its instance
/// in the slot at that index (see `ScopeSlots`). A test container's copy of a registration keeps its original's
/// index, so the two share one instance per scope.
///
/// An index is reused: a registration that replaces another of the same scope takes its index, and one registered
/// after a removal takes a freed one, so that a container replacing its registrations again and again keeps its
/// scopes' slots as many as its live registrations. A scope opened before keeps the instance the replaced one built
/// (its slot records, and retains, the registration that built it, to dispose of it): a resolve of the new one
/// there sees a slot of another registration and goes to the overflow store.
// @unchecked Sendable: `holders` and `free` are read and written under the registry's lock only; the shape is atomic.
final class ScopeLayout: @unchecked Sendable {
    let scope: Scope
    /// Which registration holds each index (nil: free). Identities only: the registry keeps the entries.
    @exclusivity(unchecked) private var holders: [ObjectIdentifier?] = []
    /// Freed indexes, to reuse.
    @exclusivity(unchecked) private var free: [Int] = []
    private let count = AtomicUInt()
    private let stride = AtomicUInt()

    /// Payloads larger than this go to the overflow store rather than widening every slot.
    static var largestPayload: Int { 256 }

    init(scope: Scope) {
        self.scope = scope
    }

    /// How many slots, and the bytes from one to the next, for a scope that lays its slots out now.
    var shape: (count: Int, stride: Int) {
        let stride = Int(stride.load())
        return (Int(count.load()), stride)
    }

    /// Whether `entry` holds an index of this layout.
    private func holds(_ entry: Entry) -> Bool {
        entry.scopeLayout === self && entry.scopeIndex < holders.count
            && holders[entry.scopeIndex] == ObjectIdentifier(entry)
    }

    /// Gives `entry` an index: that of `replaced` when it held one here, else a freed one, else the next. Under the
    /// registry's lock.
    func place(_ entry: Entry, replacing replaced: Entry?) {
        let index: Int
        if let replaced, holds(replaced) {
            index = replaced.scopeIndex
        } else if let reused = free.popLast() {
            index = reused
        } else {
            index = holders.count
            holders.append(nil)
        }
        holders[index] = ObjectIdentifier(entry)
        let service = entry.service
        if service.alignment <= ScopeSlot.maximumAlignment, service.size <= ScopeLayout.largestPayload {
            let needed = UInt(ScopeSlot.stride(payload: service.size))
            if needed > stride.load() { stride.store(needed) }
        }
        entry.place(in: self, at: index)
        count.store(UInt(holders.count))
    }

    /// Frees the index of `entry` (removed, or replaced by a registration placed elsewhere). Under the registry's
    /// lock.
    func release(_ entry: Entry) {
        guard holds(entry) else { return }
        holders[entry.scopeIndex] = nil
        free.append(entry.scopeIndex)
    }
}
