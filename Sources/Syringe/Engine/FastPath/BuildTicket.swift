/// Marks an instance as being built by one execution (a thread or a task); others wait on it, threads
/// blocking and tasks suspended on continuations, until the build ends, successfully or not.
///
/// No lock when nobody waits: a build ends with one atomic exchange. The rare waits share one process-wide
/// lock and condition, and a woken thread checks its own ticket again.
// @unchecked Sendable: the state word is atomic; `threadsWaiting` and `continuations` are guarded by
// `waitLock`; `owner` by the wait graph's lock.
final class BuildTicket: @unchecked Sendable {
    /// The memory of the atomic state word: the first stored property, so that it starts where the object's
    /// stored properties do (`_getUnsafePointerToStoredProperties`), at an address that never changes. Never read
    /// or written as a Swift value after initialisation, only through ``state``. (A `ManagedBuffer` subclass
    /// would cost a generic metadata instantiation at a process's first build; memory of its own, a malloc.)
    @exclusivity(unchecked) private var stateStorage: UInt = State.building
    /// Who holds the build: changes when a finished build waits for an outer one to commit it.
    var owner: ExecutionID
    // Guarded by `waitLock`, which is the exclusivity: the runtime's dynamic checks are skipped.
    @exclusivity(unchecked) private var threadsWaiting = false
    @exclusivity(unchecked) private var continuations: [Waiting] = []
    /// A task's continuation, with the number that its cancellation handler looks for.
    private typealias Waiting = (waiter: UInt64, continuation: CheckedContinuation<Void, Never>)
    /// The atomic state word.
    private var state: WordAddress { WordAddress(_getUnsafePointerToStoredProperties(self)) }

    /// The values of the state word.
    private enum State {
        /// Being built, nobody waits.
        static let building: UInt = 0
        /// Being built, and someone waits: the end must take `waitLock` and wake them.
        static let awaited: UInt = 1
        /// Ended.
        static let done: UInt = 2
    }

    private static let waitLock = Lock()
    private static let finished = Condition()
    /// The last number given to a waiting task, so that its cancellation finds its own continuation.
    // Guarded by `waitLock`.
    nonisolated(unsafe) private static var lastWaiter: UInt64 = 0

    /// A ticket held by `owner`.
    init(owner: ExecutionID) {
        self.owner = owner
    }

    /// Marks the ticket awaited, under `waitLock`; `false` when the build has already ended.
    private func markAwaited() -> Bool {
        state.compareExchange(State.building, State.awaited) != State.done
    }

    /// Blocks the current thread until the build has ended.
    func wait() {
        if isFinished { return }
        Self.waitLock.lock()
        while markAwaited() {
            threadsWaiting = true
            Self.waitLock.wait(on: Self.finished)
        }
        Self.waitLock.unlock()
    }

    /// Suspends the current task until the build has ended, or until the task is cancelled: a cancelled task
    /// stops waiting at once (the build goes on for whoever else needs it).
    /// - Returns: `false` when the task was cancelled before the build ended.
    func waitAsync() async -> Bool {
        if isFinished { return true }
        let waiter = Self.waitLock.withLock { () -> UInt64 in
            Self.lastWaiter &+= 1
            return Self.lastWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = Self.waitLock.withLock { () -> Bool in
                    // A cancellation that came first found nothing to resume: it is seen here, under the lock
                    // that a later one takes to look for this continuation.
                    guard markAwaited(), !Task.isCancelled else { return false }
                    continuations.append((waiter, continuation))
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            let continuation = Self.waitLock.withLock { () -> CheckedContinuation<Void, Never>? in
                guard let index = continuations.firstIndex(where: { $0.waiter == waiter }) else { return nil }
                return continuations.remove(at: index).continuation
            }
            continuation?.resume()
        }
        return isFinished
    }

    /// Whether the build has ended; an ended build blocks nobody.
    var isFinished: Bool {
        state.load() == State.done
    }

    /// Whether someone waits for the build, which has not ended.
    var isAwaited: Bool {
        state.load() == State.awaited
    }

    /// Ends the build and wakes everyone waiting. A waiter marks the ticket under `waitLock` before it
    /// sleeps, so when the exchange finds no mark, nobody sleeps on it and no lock is needed.
    func finish() {
        guard state.exchange(State.done) == State.awaited else { return }
        Self.waitLock.lock()
        let waiters = continuations
        continuations = []
        if threadsWaiting { Self.finished.broadcast() }
        Self.waitLock.unlock()
        for waiter in waiters { waiter.continuation.resume() }
    }
}
