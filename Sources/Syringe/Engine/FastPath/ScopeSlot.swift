/// One slot of an open scope: its state word, the execution building it, the registration and completion number of
/// its instance, then the instance itself.
struct ScopeSlot {
    let address: WordAddress

    /// The values of the state word.
    static var empty: UInt { 0 }
    static var done: UInt { 1 }
    /// Closed while empty or being built: never claimed again.
    static var closed: UInt { 2 }
    static var building: UInt { 3 }
    /// Being built, and someone waits: the end takes ``ScopeWaits``'s lock and wakes them.
    static var awaited: UInt { 4 }

    private static var word: Int { MemoryLayout<UInt>.stride }
    static var sequenceOffset: Int { (3 * word + 7) / 8 * 8 }
    static var payloadOffset: Int { sequenceOffset + 8 }
    static var maximumAlignment: Int { 8 }

    /// The bytes of a slot for a payload of `size` bytes.
    static func stride(payload size: Int) -> Int {
        payloadOffset + (size + 7) / 8 * 8
    }

    var state: WordAddress { address }
    private var owner: WordAddress { address + 1 }
    private var entryWord: WordAddress { address + 2 }
    /// Where the instance is.
    var payload: ValueAddress { ValueAddress(address.raw + ScopeSlot.payloadOffset) }

    /// Set in the entry word when the slot holds a reference of its own to the registration (one its scope's
    /// snapshot does not keep).
    private static var ownsEntry: UInt { 1 }

    /// The entry word without ``ownsEntry``.
    private var entryIdentity: UInt { entryWord[0] & ~ScopeSlot.ownsEntry }

    /// The registration whose instance the slot holds (kept alive by the scope's snapshot, or by the slot until the
    /// scope goes). Once done only.
    var entry: Entry { ObjectWord.object(entryIdentity, as: Entry.self) }

    /// Runs `body` with ``entry``, borrowed (no reference count touched: the scope keeps it).
    @inline(__always)
    func withEntry<Result>(_ body: (Entry) throws -> Result) rethrows -> Result {
        try ObjectWord.with(entryIdentity, as: Entry.self, body)
    }

    /// Whether the instance in the slot is one of `entry`'s registration (or of a test container's copy of it):
    /// another registration can hold the slot's index once the one that built it was replaced. Once done only.
    @inline(__always)
    func holds(_ entry: Entry) -> Bool {
        if _fastPath(entryIdentity == ObjectWord.borrowing(entry)) { return true }
        return withEntry { $0.registration === entry.registration }
    }

    /// Releases the registration that ``finish(_:sequence:borrowed:)`` retained, if it did. When the scope goes only.
    func releaseEntry() {
        if entryWord[0] & ScopeSlot.ownsEntry != 0 { ObjectWord.release(entryIdentity, as: Entry.self) }
    }

    /// The instance's place in the order of completed builds. Once done only.
    var sequence: UInt64 { address.raw.load(fromByteOffset: ScopeSlot.sequenceOffset, as: UInt64.self) }

    /// Whether the slot holds an instance (acquire).
    var isDone: Bool { state.load() == ScopeSlot.done }

    /// An identity for tables and comparisons.
    var id: UInt { address.bitPattern }

    /// What a build finds in the slot.
    enum State {
        /// An instance, at ``payload``.
        case kept
        /// Nothing: the caller has claimed the slot and builds.
        case claimed
        /// Another execution builds it: wait for the ticket, then read again.
        case building(BuildTicket)
        /// The scope is closed.
        case closed
    }

    /// Reads the slot of a scope of `slots`; when it is empty, claims it for `execution` (worked out only then).
    @inline(__always)
    func readOrClaim(in slots: ScopeSlots, for execution: @autoclosure () -> ExecutionID) -> State {
        if _slowPath(slots.isClosed) { return .closed }
        while true {
            let found = state.load()
            if _fastPath(found == ScopeSlot.done) { return .kept }
            if found == ScopeSlot.empty {
                guard state.compareExchangeInTotalOrder(ScopeSlot.empty, ScopeSlot.building) == found else {
                    continue
                }
                owner.store(execution().rawValue)
                // The other half of `markClosed()`'s total order: a close that this claim did not see sees it.
                if _slowPath(slots.words(closed: ()).loadInTotalOrder() != 0) {
                    end(to: ScopeSlot.closed)
                    return .closed
                }
                return .claimed
            }
            if found == ScopeSlot.closed { return .closed }
            if let ticket = ScopeWaits.ticket(for: self) { return .building(ticket) }
        }
    }

    /// Ends a successful build: keeps the instance at ``payload`` (built for `entry`, `sequence`-th to complete)
    /// and wakes the waiters. `false` when the scope was closed meanwhile: the caller disposes of the instance.
    /// `borrowed`: the scope's snapshot keeps `entry` alive (else the slot retains it: the registration may be
    /// replaced while the scope is open, and its instance is disposed of with its hooks).
    @inline(__always)
    func finish(_ entry: Entry, sequence: UInt64, borrowed: Bool) -> Bool {
        entryWord[0] = borrowed ? ObjectWord.borrowing(entry) : ObjectWord.retaining(entry) | ScopeSlot.ownsEntry
        address.raw.storeBytes(of: sequence, toByteOffset: ScopeSlot.sequenceOffset, as: UInt64.self)
        if _fastPath(state.compareExchange(ScopeSlot.building, ScopeSlot.done) == ScopeSlot.building) {
            return true
        }
        if ScopeWaits.end(self, to: ScopeSlot.done) { return true }
        releaseEntry()
        return false
    }

    /// Ends a build that failed (its payload already destroyed): the slot is empty again, and the waiters try.
    func abandon() {
        if state.compareExchange(ScopeSlot.building, ScopeSlot.empty) == ScopeSlot.building { return }
        end(to: ScopeSlot.empty)
    }

    private func end(to target: UInt) {
        _ = ScopeWaits.end(self, to: target)
    }

    /// Hands a finished build that waits to be committed to `owner`, which commits it.
    func transfer(to owner: ExecutionID) {
        self.owner.store(owner.rawValue)
        ScopeWaits.transfer(self, to: owner)
    }

    /// The execution building the slot, or nil while the claim is being recorded.
    var ownerID: ExecutionID? {
        let raw = owner.load()
        return raw == 0 ? nil : ExecutionID(rawValue: raw)
    }
}
