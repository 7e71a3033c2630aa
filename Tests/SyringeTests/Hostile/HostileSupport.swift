import Foundation
import Syringe
import Testing

/// A value behind a lock, for the hostile suites (public API only: no `@testable` helpers).
final class HostileBox<Value>: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// Counts from any thread.
final class HostileCounter: Sendable {
    private let box = HostileBox(0)

    @discardableResult
    func increment() -> Int {
        box.withLock {
            $0 += 1; return $0
        }
    }

    var count: Int { box.current }
}

/// An error a hostile factory or hook throws.
struct HostileFailure: Error, CustomStringConvertible {
    var reason = "boom"
    var description: String { "HostileFailure(\(reason))" }
}

/// What a bounded run ended with: a value, an error, or nothing within the time (a hang).
enum Bounded<Value: Sendable>: Sendable {
    case value(Value)
    case error(any Error)
    case hang

    var code: ResolutionError.Code? {
        if case .error(let error) = self { return (error as? ResolutionError)?.code }
        return nil
    }

    var isHang: Bool {
        if case .hang = self { return true }
        return false
    }

    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// How many times longer the hang guards below, and the gates and waits of the concurrency suites, wait:
/// `SYRINGE_HANG_GUARD_SCALE` from the environment, else 1.
/// CI sets 4 for its ThreadSanitizer runs, which run code 5–15× slower. A guard tells a hang from an answer,
/// never a speed: a longer wait catches the same hangs, later.
let hangGuardScale = ProcessInfo.processInfo.environment["SYRINGE_HANG_GUARD_SCALE"].flatMap(Double.init) ?? 1

/// Runs `body` in a task of its own and gives up waiting after `seconds`: a hang fails the test instead of
/// blocking the run (the hung task is left behind).
func bounded<Value: Sendable>(
    _ seconds: Double = 10, _ body: @escaping @Sendable () async throws -> Value
) async -> Bounded<Value> {
    let done = HostileBox(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bounded<Value>, Never>) in
        let finish: @Sendable (Bounded<Value>) -> Void = { outcome in
            let first = done.withLock { done in
                defer { done = true }
                return !done
            }
            if first { continuation.resume(returning: outcome) }
        }
        Task {
            do { finish(.value(try await body())) } catch { finish(.error(error)) }
        }
        Task.detached {
            try? await Task.sleep(for: .seconds(seconds * hangGuardScale))
            finish(.hang)
        }
    }
}

/// Runs `body` on a thread of its own (with `stackSize` bytes of stack) and gives up waiting after `seconds`. The
/// waiting task sleeps instead of blocking a thread of the shared pool: a test blocking one of the pool's few
/// threads (two on a two-core machine) for a deep chain's tens of seconds starves every async test beside it, and
/// their own hang guards then fire on work that never got a thread.
func boundedOnThreadAsync<Value: Sendable>(
    _ seconds: Double = 10, stackSize: Int = 1 << 20, _ body: @escaping @Sendable () throws -> Value
) async -> Bounded<Value> {
    let result = HostileBox<Bounded<Value>?>(nil)
    let thread = Thread {
        let outcome: Bounded<Value>
        do { outcome = .value(try body()) } catch { outcome = .error(error) }
        result.withLock { $0 = outcome }
    }
    thread.stackSize = stackSize
    thread.start()
    let deadline = Date().addingTimeInterval(seconds * hangGuardScale)
    while Date() < deadline {
        if let outcome = result.current { return outcome }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return result.current ?? .hang
}

/// Runs `count` bodies on threads of their own, each bounded; the waiting task sleeps (see
/// ``boundedOnThreadAsync(_:stackSize:_:)``).
func boundedOnThreads<Value: Sendable>(
    _ count: Int, seconds: Double = 10, _ body: @escaping @Sendable (Int) throws -> Value
) async -> [Bounded<Value>] {
    let results = HostileBox<[Bounded<Value>?]>(Array(repeating: nil, count: count))
    for index in 0..<count {
        Thread {
            let outcome: Bounded<Value>
            do { outcome = .value(try body(index)) } catch { outcome = .error(error) }
            results.withLock { $0[index] = outcome }
        }.start()
    }
    let deadline = Date().addingTimeInterval(seconds * hangGuardScale)
    // Every read of the array stays under the lock: a copy read outside it while a thread writes its slot is a
    // race on the array's storage (ThreadSanitizer reports it in release builds).
    while Date() < deadline, results.withLock({ $0.contains(where: { $0 == nil }) }) {
        try? await Task.sleep(for: .milliseconds(2))
    }
    return results.withLock { $0.map { $0 ?? .hang } }
}

/// A class whose deallocation can be watched through a weak reference.
final class HTracked: @unchecked Sendable {  // `value` is written only before the instance is shared
    let id: Int
    var value: Int = 0
    init(id: Int = 0) { self.id = id }
}

/// Holds a weak reference from any thread.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private weak var object: Object?

    init(_ object: Object? = nil) { self.object = object }

    var value: Object? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return object
        }
        set {
            lock.lock()
            object = newValue
            lock.unlock()
        }
    }
}

/// Lets `parties` arrivals wait for each other (later arrivals pass at once), giving up after `seconds`.
final class HostileBarrier: Sendable {
    private let arrived = HostileBox(0)
    private let parties: Int
    private let seconds: Double

    init(parties: Int, seconds: Double = 2) {
        self.parties = parties
        self.seconds = seconds
    }

    func arriveAndWait() {
        arrived.withLock { $0 += 1 }
        let deadline = Date().addingTimeInterval(seconds)
        while arrived.current < parties && Date() < deadline { usleep(100) }
    }
}

/// A small deterministic generator (xorshift), one per thread or task of a mixed run, so that a failing run can be
/// replayed by its seed.
struct HostileRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
