/// Marks an instance of a stored scope as being built by one task; other tasks await it without blocking a
/// thread (their continuations are resumed when the build ends, successfully or not).
final class AsyncBuildTicket: Sendable {
    private struct State {
        var done = false
        var waiters: [UnsafeContinuation<Void, Never>] = []
    }

    private let state = Protected(State())

    /// Suspends until the build has ended.
    func wait() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// Whether the build has ended; a finished ticket blocks nobody.
    var isFinished: Bool {
        state.withLock { $0.done }
    }

    /// Resumes everyone waiting.
    func finish() {
        let waiters = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Which async build waits for which, so that two tasks building each other's dependencies (a cycle split
/// across tasks) get a `cycle` error instead of awaiting each other forever. Only touched when a task is
/// about to wait for a build another task runs, which is rare.
enum AsyncWaitGraph {
    /// For each build (by ticket) the builds its task currently waits for; a build's factory may wait for
    /// several at once through child tasks.
    private static let waits = Protected<[ObjectIdentifier: [AsyncBuildTicket]]>([:])

    /// Records that the build `waiter` waits for `ticket`, unless `ticket`'s build (transitively) waits for
    /// `waiter`.
    /// - Returns: `false` when waiting would never end.
    static func beginWaiting(_ waiter: AsyncBuildTicket, for ticket: AsyncBuildTicket) -> Bool {
        waits.withLock { waits in
            var pending = [ticket]
            var seen = Set<ObjectIdentifier>()
            while let next = pending.popLast() {
                if next === waiter { return false }
                // A finished build wakes its waiters: the chain ends there.
                guard !next.isFinished, seen.insert(ObjectIdentifier(next)).inserted else { continue }
                pending.append(contentsOf: waits[ObjectIdentifier(next)] ?? [])
            }
            waits[ObjectIdentifier(waiter), default: []].append(ticket)
            return true
        }
    }

    static func endWaiting(_ waiter: AsyncBuildTicket, for ticket: AsyncBuildTicket) {
        waits.withLock { waits in
            let id = ObjectIdentifier(waiter)
            guard var tickets = waits[id], let index = tickets.firstIndex(where: { $0 === ticket }) else { return }
            tickets.remove(at: index)
            waits[id] = tickets.isEmpty ? nil : tickets
        }
    }
}
