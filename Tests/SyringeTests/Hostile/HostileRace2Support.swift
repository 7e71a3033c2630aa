import Foundation
import Syringe
import Testing

/// Shared helpers of the `HostileRace2*` suites (public API only).

extension Scope {
    static let race2Request = Scope("race2-request")
    static let race2Other = Scope("race2-other")
}

/// Records, for every instance a hostile factory builds, how often it was disposed of and whether it died.
final class R2Ledger: Sendable {
    private struct State {
        var built = 0
        var disposals: [Int: Int] = [:]
        var deaths = 0
        var notes: [String] = []
    }
    private let state = HostileBox(State())

    /// A new id, counted as built.
    func born() -> Int {
        state.withLock {
            $0.built += 1
            return $0.built
        }
    }

    func disposed(_ id: Int) { state.withLock { $0.disposals[id, default: 0] += 1 } }
    func died() { state.withLock { $0.deaths += 1 } }
    func note(_ message: String) { state.withLock { if $0.notes.count < 20 { $0.notes.append(message) } } }

    var built: Int { state.withLock { $0.built } }
    var deaths: Int { state.withLock { $0.deaths } }
    var notes: [String] { state.withLock { $0.notes } }
    /// Ids disposed of more than once.
    var disposedTwice: [Int] { state.withLock { $0.disposals.filter { $0.value > 1 }.map(\.key).sorted() } }
    /// Ids built and never disposed of.
    var neverDisposed: [Int] {
        state.withLock { state in (1...max(state.built, 1)).filter { state.disposals[$0] == nil && $0 <= state.built } }
    }
    var disposedCount: Int { state.withLock { $0.disposals.count } }
    func timesDisposed(_ id: Int) -> Int { state.withLock { $0.disposals[id] ?? 0 } }
}

/// An instance that tells its ledger when it dies.
final class R2Part: @unchecked Sendable {  // `disposed` is written by its hooks only, under the ledger's discipline
    let id: Int
    let generation: Int
    let dependency: R2Part?
    private let ledger: R2Ledger
    private let flag = HostileBox(false)

    init(_ ledger: R2Ledger, generation: Int = 0, dependency: R2Part? = nil) {
        self.ledger = ledger
        self.generation = generation
        self.dependency = dependency
        id = ledger.born()
    }

    deinit { ledger.died() }

    func dispose() {
        flag.withLock { $0 = true }
        ledger.disposed(id)
    }

    var isDisposed: Bool { flag.current }
}

/// A service of the request scope, and one that depends on it.
struct R2Unit: Sendable { let part: R2Part }
struct R2Handler: Sendable {
    let part: R2Part
    let unit: R2Unit
}

func r2Code(_ error: any Error) -> ResolutionError.Code? { (error as? ResolutionError)?.code }

/// Runs `body(index)` on `count` threads of their own, started together, and awaits them all without blocking a
/// thread of the cooperative pool (a machine of 2 cores runs `concurrentPerform` 2 wide, which a barrier then
/// waits out). `false` when they did not all finish within `seconds`.
func r2OnThreads(_ count: Int, seconds: Double = 20, _ body: @escaping @Sendable (Int) -> Void) async -> Bool {
    let finished = HostileCounter()
    let started = HostileCounter()
    for index in 0..<count {
        Thread {
            started.increment()
            // Start together (bounded: a thread that is late only narrows the race).
            let deadline = Date().addingTimeInterval(1)
            while started.count < count && Date() < deadline { sched_yield() }
            body(index)
            finished.increment()
        }.start()
    }
    let deadline = Date().addingTimeInterval(seconds * hangGuardScale)
    while finished.count < count && Date() < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    return finished.count == count
}

/// Whether `error` reports a cancellation: Swift's own, or a `ResolutionError` that says so.
func r2IsCancellation(_ error: any Error) -> Bool {
    error is CancellationError || r2Code(error) == .cancelled
        || (r2Code(error) == .factoryFailed && "\(error)".contains("CancellationError"))
}

/// Holds a factory back until its registration's hooks are attached: an instance built and dropped by other threads
/// in the moment between `register` and `onDispose` is disposed of without the hook (documented, see
/// `Registration.onDispose`), which a ledger would count as never disposed of.
final class R2Hooked: Sendable {
    private let attached = HostileBox(false)

    func waitUntilAttached() {
        let deadline = Date().addingTimeInterval(10 * hangGuardScale)
        while !attached.current && Date() < deadline { sched_yield() }
    }

    func markAttached() { attached.withLock { $0 = true } }
}
