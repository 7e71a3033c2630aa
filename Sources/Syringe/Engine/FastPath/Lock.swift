// The platform's C library is imported by files of the fast path only (pthreads, malloc, sched_yield) and by
// Contexts/ProcessContext.swift, which reads the environment once.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// Syringe never runs user code (a factory, a hook, a `deinit`) while holding one: critical sections
/// only read or swap engine state, and whatever they take out is released after unlocking.
// @unchecked Sendable: the mutex is heap-allocated once, never moved, and is the synchronisation itself.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held; `body` must not call user code.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits on `condition`, which must be used only with this lock, releasing the lock while waiting.
    package func wait(on condition: Condition) {
        pthread_cond_wait(condition.cond, mutex)
    }
}

/// A condition variable, always used together with one ``Lock``.
// @unchecked Sendable: the condition is heap-allocated once, never moved, and is a synchronisation primitive.
package final class Condition: @unchecked Sendable {
    fileprivate let cond: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(cond, nil)
        precondition(status == 0, "pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(cond)
        cond.deallocate()
    }

    package func broadcast() {
        pthread_cond_broadcast(cond)
    }
}

/// A value protected by a ``Lock``: `Sendable` when the value is.
package final class Protected<Value> {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; `body` must not call user code.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// @unchecked Sendable: every access to the value goes through the lock, and the value itself is Sendable.
extension Protected: @unchecked Sendable where Value: Sendable {}

/// A mutex in memory that its owner allocates together with other state (one allocation per slot
/// instead of one per part). The owner initialises it with `initialize()` and tears it down with `destroy()`.
struct InlineLock {
    /// The bytes an inline lock needs, and their alignment.
    static var size: Int { MemoryLayout<pthread_mutex_t>.stride }
    static var alignment: Int { MemoryLayout<pthread_mutex_t>.alignment }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(at address: UnsafeMutableRawPointer) {
        mutex = address.bindMemory(to: pthread_mutex_t.self, capacity: 1)
    }

    /// A lock in memory of its own, initialised; tear it down with ``deallocate()``.
    static func allocate() -> InlineLock {
        let lock = InlineLock(at: .allocate(byteCount: size, alignment: alignment))
        lock.initialize()
        return lock
    }

    /// Tears down and frees a lock made by ``allocate()``.
    func deallocate() {
        destroy()
        mutex.deallocate()
    }

    func initialize() {
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    func destroy() {
        pthread_mutex_destroy(mutex)
    }

    @inline(__always)
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held; `body` must not call user code.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
