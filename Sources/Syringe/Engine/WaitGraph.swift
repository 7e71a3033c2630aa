/// Who waits for whose build, for threads and tasks alike, so that executions building each other's
/// dependencies (a cycle split across threads or tasks) get a `cycle` error instead of waiting for ever.
/// Touched only when a build is about to wait for another one, which is rare.
enum WaitGraph {
    private static let waits = Protected<[ExecutionID: [BuildTicket]]>([:])

    /// Records that `execution` waits for `ticket`, unless `ticket`'s owner (transitively) waits for one of
    /// `chain`: the executions of the waiting resolution's path, each of which is held up by this wait.
    /// - Returns: `false` when waiting would never end.
    static func beginWaiting(_ execution: ExecutionID, chain: Set<ExecutionID>, for ticket: BuildTicket) -> Bool {
        waits.withLock { waits in
            var pending = [ticket]
            var seen = Set<ObjectIdentifier>()
            while let next = pending.popLast() {
                // An ended build wakes its waiters: the chain of waits ends there.
                guard !next.isFinished, seen.insert(ObjectIdentifier(next)).inserted else { continue }
                if chain.contains(next.owner) { return false }
                pending.append(contentsOf: waits[next.owner] ?? [])
            }
            waits[execution, default: []].append(ticket)
            return true
        }
    }

    /// Removes the wait recorded by `beginWaiting`.
    static func endWaiting(_ execution: ExecutionID, for ticket: BuildTicket) {
        waits.withLock { waits in
            guard var tickets = waits[execution], let index = tickets.firstIndex(where: { $0 === ticket }) else {
                return
            }
            tickets.remove(at: index)
            waits[execution] = tickets.isEmpty ? nil : tickets
        }
    }

    /// Hands a finished build that waits to be committed to the execution that will commit it.
    static func transfer(_ ticket: BuildTicket, to owner: ExecutionID) {
        waits.withLock { _ in ticket.owner = owner }
    }

    /// Blocks until another execution's build of `entry` (`ticket`) ends, for the resolution whose innermost
    /// frame is `parent`; throws a cycle when that build (transitively) waits for this resolution.
    static func wait(for ticket: BuildTicket, of entry: Entry, under parent: FrameRef?) throws {
        let execution = Frame.execution(of: parent)
        let chain = Frame.executions(from: parent).union([execution])
        guard beginWaiting(execution, chain: chain, for: ticket) else { try Diagnostics.throwWaitCycle(entry) }
        ticket.wait()
        endWaiting(execution, for: ticket)
    }

    /// Suspends `execution` (the current task) until another execution's build of `entry` ends, as
    /// ``wait(for:of:under:)`` blocks; throws `cancelled` when the task is cancelled first.
    static func wait(
        for ticket: BuildTicket, of entry: Entry, by execution: ExecutionID, under parent: FrameRef?
    ) async throws {
        let chain = Frame.executions(from: parent).union([execution])
        guard beginWaiting(execution, chain: chain, for: ticket) else { try Diagnostics.throwWaitCycle(entry) }
        let ended = await ticket.waitAsync()
        endWaiting(execution, for: ticket)
        if !ended { throw Diagnostics.cancelledWait(entry) }
    }
}
