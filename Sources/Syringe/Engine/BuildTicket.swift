/// Marks an instance as being built by one execution (a thread or a task); others wait on it, threads
/// blocking and tasks suspended on continuations, until the build ends, successfully or not.
///
/// One allocation per build: the rare waits share one process-wide lock and condition, and a woken thread
/// checks its own ticket again.
// @unchecked Sendable: `done` and `continuations` are guarded by `waitLock`; `owner` by the wait graph's lock.
final class BuildTicket: @unchecked Sendable {
    /// Who holds the build: changes when a finished build waits for an outer one to commit it.
    var owner: ExecutionID
    // Guarded by `waitLock`, which is the exclusivity: the runtime's dynamic checks are skipped.
    @exclusivity(unchecked) private var done = false
    @exclusivity(unchecked) private var threadsWaiting = false
    @exclusivity(unchecked) private var continuations: [UnsafeContinuation<Void, Never>] = []

    private static let waitLock = Lock()
    private static let finished = Condition()

    init(owner: ExecutionID) {
        self.owner = owner
    }

    /// Blocks the current thread until the build has ended.
    func wait() {
        Self.waitLock.lock()
        while !done {
            threadsWaiting = true
            Self.waitLock.wait(on: Self.finished)
        }
        Self.waitLock.unlock()
    }

    /// Suspends the current task until the build has ended.
    func waitAsync() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let finished = Self.waitLock.withLock { () -> Bool in
                if done { return true }
                continuations.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// Whether the build has ended; an ended build blocks nobody.
    var isFinished: Bool {
        Self.waitLock.withLock { done }
    }

    /// Wakes everyone waiting.
    func finish() {
        Self.waitLock.lock()
        done = true
        if threadsWaiting { Self.finished.broadcast() }
        let waiters = continuations
        continuations = []
        Self.waitLock.unlock()
        for waiter in waiters { waiter.resume() }
    }
}

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
}
