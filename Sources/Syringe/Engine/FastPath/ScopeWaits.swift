/// The tickets that tasks wait on for builds in scopes' slots: made by the first waiter, under one process-wide
/// lock, which only waits take. A build that nobody waits for never touches it.
enum ScopeWaits {
    private static let tickets = Protected<[UInt: BuildTicket]>([:])

    /// The ticket to wait on for `slot`'s build, or `nil` when the slot changed (read it again).
    static func ticket(for slot: ScopeSlot) -> BuildTicket? {
        let ticket = tickets.withLock { tickets -> BuildTicket? in
            let state = slot.state.load()
            guard state == ScopeSlot.building || state == ScopeSlot.awaited else { return nil }
            if state == ScopeSlot.building,
                slot.state.compareExchange(ScopeSlot.building, ScopeSlot.awaited) != ScopeSlot.building
            {
                return nil
            }
            if let existing = tickets[slot.id] { return existing }
            // The builder records itself right after its claim: a few instructions away.
            guard let owner = slot.ownerID else { return nil }
            let made = BuildTicket(owner: owner)
            tickets[slot.id] = made
            return made
        }
        if ticket == nil { ThreadState.yield() }
        return ticket
    }

    /// Ends a build that someone waits for (or that a close overtook): sets the slot to `target` unless the scope
    /// closed it, and wakes the waiters. Whether the slot took `target`.
    static func end(_ slot: ScopeSlot, to target: UInt) -> Bool {
        let (ticket, took) = tickets.withLock { tickets -> (BuildTicket?, Bool) in
            let ticket = tickets.removeValue(forKey: slot.id)
            while true {
                let state = slot.state.load()
                guard state == ScopeSlot.building || state == ScopeSlot.awaited else { return (ticket, false) }
                if slot.state.compareExchange(state, target) == state { return (ticket, true) }
            }
        }
        ticket?.finish()
        return took
    }

    /// Records that `owner` now holds `slot`'s build (see `WaitGraph.transfer`).
    static func transfer(_ slot: ScopeSlot, to owner: ExecutionID) {
        guard let ticket = tickets.withLock({ $0[slot.id] }) else { return }
        WaitGraph.transfer(ticket, to: owner)
    }
}
