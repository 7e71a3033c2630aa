/// Where the instances of one custom scope's registrations of one container go in an open scope: each
/// registration gets an index when it is registered, and a scope whose slots follow this layout keeps its instance
/// in the slot at that index (see `ScopeSlots`). A test container's copy of a registration keeps its original's
/// index, so the two share one instance per scope.
///
/// Indexes are never reused: a registration that replaces another gets a new one (an open scope may still hold the
/// instance the replaced one built), and the registrations that got one are kept for the scopes that dispose of
/// their instances. A container that replaces its registrations of a custom scope again and again grows its layout;
/// slots past what an open scope laid out go to its overflow store.
// @unchecked Sendable: `entries` is written under the registry's lock and never read elsewhere; the shape is atomic.
final class ScopeLayout: @unchecked Sendable {
    let scope: Scope
    /// Every registration that got an index, in index order.
    @exclusivity(unchecked) private var entries: [Entry] = []
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

    /// Gives `entry` the next index. Under the registry's lock.
    func place(_ entry: Entry) {
        let index = entries.count
        entries.append(entry)
        let service = entry.service
        if service.alignment <= ScopeSlot.maximumAlignment, service.size <= ScopeLayout.largestPayload {
            let needed = UInt(ScopeSlot.stride(payload: service.size))
            if needed > stride.load() { stride.store(needed) }
        }
        entry.place(in: self, at: index)
        count.store(UInt(entries.count))
    }
}
