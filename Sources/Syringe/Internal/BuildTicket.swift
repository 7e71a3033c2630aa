#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// Marks an instance of a stored scope as being built by one thread; other threads wait on it.
// @unchecked Sendable: `done` is guarded by `lock`; `owner` is immutable.
final class BuildTicket: @unchecked Sendable {
    /// The thread that runs the factory.
    let owner: ThreadID
    private let lock = Lock()
    private let condition = Condition()
    private var done = false

    init(owner: ThreadID) {
        self.owner = owner
    }

    /// Blocks until the build finished, successfully or not.
    func wait() {
        lock.lock()
        while !done { lock.wait(on: condition) }
        lock.unlock()
    }

    /// Whether the build has ended; a finished ticket blocks nobody.
    var isFinished: Bool {
        lock.withLock { done }
    }

    /// Wakes everyone waiting.
    func finish() {
        lock.lock()
        done = true
        condition.broadcast()
        lock.unlock()
    }
}

/// A thread's identity, for the wait-for graph.
struct ThreadID: Hashable, Sendable {
    let rawValue: UInt

    static var current: ThreadID {
        #if canImport(Darwin)
        return ThreadID(rawValue: UInt(bitPattern: pthread_self()))
        #else
        return ThreadID(rawValue: UInt(pthread_self()))
        #endif
    }
}

/// Who waits for whose build, so that two threads building each other's dependencies
/// (a cycle split across threads) get a `cycle` error instead of waiting forever.
/// Only touched when a thread is about to wait, which is rare.
enum WaitGraph {
    private static let waits = Protected<[ThreadID: BuildTicket]>([:])

    /// Registers that the current thread waits for `ticket`, unless that would close a loop of waits.
    /// - Returns: `false` when waiting would deadlock.
    static func beginWaiting(for ticket: BuildTicket) -> Bool {
        let me = ThreadID.current
        return waits.withLock { waits in
            // Follow who waits for whom; a finished ticket ends the chain, as its waiters are about to wake
            // (its former owner may meanwhile wait for something of ours without that being a cycle).
            var ticketOnChain = ticket
            var hops = 0
            while hops <= waits.count, !ticketOnChain.isFinished {
                if ticketOnChain.owner == me { return false }
                guard let next = waits[ticketOnChain.owner] else { break }
                ticketOnChain = next
                hops += 1
            }
            waits[me] = ticket
            return true
        }
    }

    static func endWaiting() {
        let me = ThreadID.current
        _ = waits.withLock { $0.removeValue(forKey: me) }
    }
}
