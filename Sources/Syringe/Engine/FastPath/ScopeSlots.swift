/// The raw part of an open scope (see `OpenedScope`): a few words and the slots of its instances, inside the scope
/// object itself, so that a scope costs one allocation, and a scope that resolves nothing costs that allocation and
/// a few stores.
///
/// One slot per registration of the scope, at the index the registration got when it was registered
/// (``ScopeLayout``): a resolve finds its slot with a multiplication, holds no lock, and writes the instance into the
/// slot itself (no box). A slot's state word goes from empty to building (one compare-and-swap), then to done (one
/// more) or back to empty when the build fails; readers load it. Nothing else is shared between the tasks that use
/// the scope: a lock is taken only when one of them must wait for another's build (``ScopeWaits``).
///
/// The slots are laid out when the scope first resolves an instance of its scope, for the registrations of one
/// container (that of the first such instance): they are in the object when they fit (``inlineBytes``), else in
/// one allocation of their own. Registrations of other containers, or registered after that, go to an overflow
/// store (`OpenedScope`).
// @unchecked Sendable: every word that several tasks read and write goes through the atomics of SyringeShims; a
// slot's payload is written by the build that claimed the slot before the release that marks it done, and read
// after an acquire that sees it done; the other words are written once, before the release store of the layout.
class ScopeSlots: @unchecked Sendable {
    /// The header words, then the slots when they fit: the first stored property, so that it starts where the
    /// object's stored properties do (`_getUnsafePointerToStoredProperties`). Only ever read and written through
    /// ``words`` after initialisation.
    @exclusivity(unchecked) private var storage: Storage = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

    /// 432 bytes: eight header words, then the slots of a small scope (nine class instances, five existentials).
    typealias Storage = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64
    )

    /// The header words.
    private enum Word {
        /// 1 once the scope is closed.
        static var closed: Int { 0 }
        /// 0 before the slots are laid out, 1 while they are, then the identity of the layout they follow (kept
        /// alive by the snapshot).
        static var layout: Int { 1 }
        /// The address of the first slot.
        static var base: Int { 2 }
        /// How many slots, and the bytes from one to the next.
        static var count: Int { 3 }
        static var stride: Int { 4 }
        /// The overflow store, retained, or 0 until it is first needed.
        static var overflow: Int { 5 }
        /// How many of its instances completed: their order, in which the scope disposes of them.
        static var sequence: Int { 6 }
        /// The snapshot of the layout the slots follow (retained), once they are laid out.
        static var snapshot: Int { 7 }
        static var all: Int { 8 }
    }

    private static var laying: UInt { 1 }

    /// The header words, at the start of the object's stored properties.
    private final var words: WordAddress { WordAddress(_getUnsafePointerToStoredProperties(self)) }

    /// The room for slots inside the object.
    static var inlineBytes: Int { MemoryLayout<Storage>.size - Word.all * MemoryLayout<UInt>.stride }

    init() {}

    deinit {
        let layoutWord = words[Word.layout]
        if layoutWord > ScopeSlots.laying {
            // What the slots keep goes with the scope: no task can read a slot once nothing holds the scope.
            forEachSlot { slot in
                if slot.state.load() == ScopeSlot.done {
                    slot.withEntry { $0.service.destroy(slot.payload) }
                    slot.releaseEntry()
                }
            }
            if slotsBase != inlineSlots { slotsBase.deallocate() }
            // Last: it keeps the registrations that the slots' instances were disposed of with.
            ObjectWord.release(words[Word.snapshot], as: ScopeLayoutSnapshot.self)
        }
        if words[Word.overflow] != 0 { ObjectWord.release(words[Word.overflow], as: AnyObject.self) }
    }

    private final var inlineSlots: WordAddress { words + Word.all }

    /// The first slot, once the slots are laid out.
    private final var slotsBase: WordAddress { WordAddress(bitPattern: words[Word.base]).unsafelyUnwrapped }

    // MARK: Closing

    /// Whether the scope is closed (acquire).
    final var isClosed: Bool { (words + Word.closed).load() != 0 }

    /// Marks the scope closed; `false` when it already was. In the one total order with the claims of slots (see
    /// ``ScopeSlot/readOrClaim(in:for:)``): a build that claims a slot after this sees the scope closed, or this
    /// scope's ``takeKept(_:)`` sees the slot claimed.
    final func markClosed() -> Bool {
        (words + Word.closed).exchangeInTotalOrder(1) == 0
    }

    /// After ``markClosed()``: calls `body` with each slot that holds an instance, and marks the slots being built
    /// closed (their builders then dispose of what they build, see ``ScopeSlot/finish(_:sequence:borrowed:)``).
    final func takeKept(_ body: (ScopeSlot) -> Void) {
        // Sequentially consistent, as the laying out's claim of the layout word: a build that lays the slots out
        // after this load then claims its slot after it too, and sees the scope closed.
        var layout = (words + Word.layout).loadInTotalOrder()
        while layout == ScopeSlots.laying {
            ThreadState.yield()
            layout = (words + Word.layout).loadInTotalOrder()
        }
        guard layout != 0 else { return }
        forEachSlot { slot in
            while true {
                let state = slot.state.loadInTotalOrder()
                switch state {
                case ScopeSlot.done:
                    body(slot)
                    return
                case ScopeSlot.building, ScopeSlot.awaited:
                    if slot.state.compareExchangeInTotalOrder(state, ScopeSlot.closed) == state { return }
                default:
                    return
                }
            }
        }
    }

    /// Takes what the slots keep (see ``takeKept(_:)``), newest first, into memory on the stack, and runs `body`
    /// with it; `count` is at least the number of slots.
    @inline(__always)
    final func withKeptSlots(
        count: Int, _ body: (UnsafeBufferPointer<ScopeSlot>) -> OpenedScope.Closing
    ) -> OpenedScope.Closing {
        withUnsafeTemporaryAllocation(of: ScopeSlot.self, capacity: count) { buffer in
            var kept = 0
            takeKept { slot in
                // Newest first: an insertion sort of a few slots, usually in order already.
                var index = kept
                while index > 0, buffer[index - 1].sequence < slot.sequence {
                    buffer.initializeElement(at: index, to: buffer[index - 1])
                    index -= 1
                }
                buffer.initializeElement(at: index, to: slot)
                kept += 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<kept]))
        }
    }

    /// How many slots are laid out (0 before the first resolve of an instance of the scope).
    final var slotCount: Int {
        (words + Word.layout).load() > ScopeSlots.laying ? Int(words[Word.count]) : 0
    }

    private final func forEachSlot(_ body: (ScopeSlot) -> Void) {
        let base = slotsBase
        let stride = Int(words[Word.stride])
        for index in 0..<Int(words[Word.count]) { body(ScopeSlot(address: base.advanced(byBytes: index * stride))) }
    }

    /// The place of an instance that completes now in the order of this scope's completed builds (its slots' and its
    /// overflow store's): the scope's own counter, written by the tasks that use the scope only, where a process-wide
    /// one would be a cache line that every request-scoped build of every thread writes.
    final func nextSequence() -> UInt64 {
        UInt64((words + Word.sequence).fetchAdd(1) &+ 1)
    }

    // MARK: Finding a slot

    /// The slot of the registration at `index` of `layout`, for a payload of `size` bytes aligned to `alignment`;
    /// `nil` when the slots follow another layout, or when it was registered after they were laid out, or does
    /// not fit a slot.
    @inline(__always)
    final func slot(at index: Int, of layout: LayoutReference, size: Int, alignment: Int) -> ScopeSlot? {
        let layout = layout.reference
        var word = (words + Word.layout).load()
        if _slowPath(word <= ScopeSlots.laying) { word = lay(out: layout.takeUnretainedValue()) }
        guard word == UInt(bitPattern: layout.toOpaque()),
            index < Int(words[Word.count]), alignment <= ScopeSlot.maximumAlignment,
            ScopeSlot.payloadOffset + size <= Int(words[Word.stride])
        else { return nil }
        return ScopeSlot(address: slotsBase.advanced(byBytes: index * Int(words[Word.stride])))
    }

    /// Lays the slots out for `layout`, unless another task is doing it or did; returns the layout word then.
    @inline(never)
    private final func lay(out layout: ScopeLayout) -> UInt {
        let layoutWord = words + Word.layout
        if layoutWord.compareExchangeInTotalOrder(0, ScopeSlots.laying) == 0 {
            let snapshot = layout.snapshot()
            let (count, stride) = (snapshot.count, snapshot.stride)
            let bytes = count * stride
            let base = bytes <= ScopeSlots.inlineBytes ? inlineSlots : .allocate(count: bytes / WordAddress.wordSize)
            words[Word.base] = base.bitPattern
            words[Word.count] = UInt(count)
            words[Word.stride] = UInt(stride)
            words[Word.snapshot] = ObjectWord.retaining(snapshot)
            let identity = ObjectWord.borrowing(layout)
            layoutWord.store(identity)
            return identity
        }
        // Another task lays them out: a few stores, no user code.
        while true {
            let word = layoutWord.load()
            if word != ScopeSlots.laying { return word }
            ThreadState.yield()
        }
    }

    /// Whether the snapshot the slots follow keeps `entry` alive as long as the scope (once they are laid out):
    /// then a slot needs no reference of its own to it.
    @inline(__always)
    final func snapshotKeeps(_ entry: Entry) -> Bool {
        ObjectWord.with(words[Word.snapshot], as: ScopeLayoutSnapshot.self) { $0.keeps(entry) }
    }

    // MARK: Overflow

    /// The overflow store, made by `make` the first time (once, whichever task asks first); `nil` once the scope is
    /// closed.
    final func overflow<Store: AnyObject>(_ make: () -> Store) -> Store? {
        let word = words + Word.overflow
        var store: Store
        let existing = word.loadInTotalOrder()
        if existing != 0 {
            store = ObjectWord.object(existing, as: Store.self)
        } else {
            let made = make()
            let retained = ObjectWord.retaining(made)
            let found = word.compareExchangeInTotalOrder(0, retained)
            if found == 0 {
                store = made
            } else {
                ObjectWord.release(retained, as: Store.self)
                store = ObjectWord.object(found, as: Store.self)
            }
        }
        // The other half of a close's `markClosed()` then `existingOverflow`, in the one total order: a close that
        // looked for the store before it was made never closes it, and this sees that close. (Found by a hostile
        // run: the instance built in a store made just after the close's look was never disposed of.)
        if (words + Word.closed).loadInTotalOrder() != 0 { return nil }
        return store
    }

    /// The overflow store, if one was made. After ``markClosed()``: a store that this does not see is never used (see
    /// ``overflow(_:)``).
    final func existingOverflow<Store: AnyObject>(_: Store.Type) -> Store? {
        let existing = (words + Word.overflow).loadInTotalOrder()
        return existing == 0 ? nil : ObjectWord.object(existing, as: Store.self)
    }
}

extension ScopeSlots {
    /// The closed word, for a claim's sequentially consistent check (``ScopeSlot/readOrClaim(in:for:)``).
    func words(closed: Void) -> WordAddress { words + Word.closed }
}

/// A registration's scope layout (see `Entry.place(in:at:)`), held without a reference count: a resolve reads it on
/// every scoped build, and the registry that holds the layout outlives the registration.
struct LayoutReference {
    fileprivate let reference: Unmanaged<ScopeLayout>

    init(_ layout: ScopeLayout) { reference = Unmanaged.passUnretained(layout) }

    var layout: ScopeLayout { reference.takeUnretainedValue() }
}
