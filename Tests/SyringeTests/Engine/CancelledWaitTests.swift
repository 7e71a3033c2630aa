import Foundation
import Syringe
import Testing

final class SlowToConnect: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

/// Opens once; tasks that wait on it before then are suspended, not blocked.
final class OpenOnce: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let woken = waiting
        waiting = []
        lock.unlock()
        for continuation in woken { continuation.resume() }
    }
}

/// A task that waits for another task's build of a singleton and is cancelled stops waiting at once, with a
/// `cancelled` error; the build goes on, and its instance is kept for everyone else.
@Suite("Concurrency: cancelled waits", .timeLimit(.minutes(1)))
struct CancelledWaitTests {
    /// The line of the registration in ``container(gate:started:builds:)``, for the error's place.
    private static let registeredAt = #line + 6

    /// A container whose `SlowToConnect` singleton is built by an async factory that waits for `gate`, with
    /// `started` opened once the factory runs.
    private func container(gate: OpenOnce, started: OpenOnce, builds: Counter) -> Container {
        let container = Container()
        container.register(SlowToConnect.self, scope: .singleton) { () async -> SlowToConnect in
            let number = builds.increment()
            started.open()
            await gate.wait()
            return SlowToConnect(number: number)
        }
        return container
    }

    @Test func aCancelledWaiterStopsWaitingWhileTheBuildGoesOn() async throws {
        let gate = OpenOnce()
        let started = OpenOnce()
        let builds = Counter()
        let container = container(gate: gate, started: started, builds: builds)
        let builder = Task { try await container.resolveAsync(SlowToConnect.self) }
        await started.wait()
        let waiter = Task { try await container.resolveAsync(SlowToConnect.self) }
        waiter.cancel()
        // The gate is still shut: the waiter can only end by giving up.
        let outcome = await bounded(10) { try await waiter.value }
        guard case .error(let thrown) = outcome, let error = thrown as? ResolutionError else {
            Issue.record("the cancelled waiter ended with \(outcome)")
            gate.open()
            return
        }
        #expect(error.code == .cancelled)
        #expect(error.underlyingError is CancellationError)
        #expect(error.path == [Key(SlowToConnect.self)])
        #expect(error.line == Self.registeredAt)
        #expect(error.fileID == "SyringeTests/CancelledWaitTests.swift")
        #expect(
            error.summary
                == "cannot resolve `SlowToConnect`: the task was cancelled while another one was building it.")
        #expect(error.fix.hasPrefix("nothing, if the cancellation was meant: the build goes on"))
        #expect(builds.count == 1)

        gate.open()
        let built = try await builder.value
        #expect(built.number == 1)
        #expect(try await container.resolveAsync(SlowToConnect.self) === built)
        #expect(builds.count == 1)
    }

    /// Twenty tasks wait for one build and every other one is cancelled: the cancelled ones fail with
    /// `cancelled` before the build ends, the others get the one instance after it.
    @Test(arguments: 0..<3)
    func cancellingSomeWaitersLeavesTheOthersWaiting(round: Int) async throws {
        let gate = OpenOnce()
        let started = OpenOnce()
        let builds = Counter()
        let container = container(gate: gate, started: started, builds: builds)
        let builder = Task { try await container.resolveAsync(SlowToConnect.self) }
        await started.wait()
        let waiters = (0..<20).map { _ in Task { try await container.resolveAsync(SlowToConnect.self) } }
        for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) { waiter.cancel() }
        for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) {
            let outcome = await bounded(10) { try await waiter.value }
            #expect(outcome.code == .cancelled, "waiter \(index)")
        }
        gate.open()
        let built = try await builder.value
        for (index, waiter) in waiters.enumerated() where !index.isMultiple(of: 2) {
            let outcome = await bounded(10) { try await waiter.value }
            #expect(outcome.value === built, "waiter \(index)")
        }
        #expect(builds.count == 1)
    }

    /// A task cancelled before it asks never waits: it gets `cancelled` while the build runs.
    @Test func aTaskCancelledBeforeItAsksDoesNotWait() async throws {
        let gate = OpenOnce()
        let started = OpenOnce()
        let builds = Counter()
        let container = container(gate: gate, started: started, builds: builds)
        let builder = Task { try await container.resolveAsync(SlowToConnect.self) }
        await started.wait()
        let outcome = await bounded(10) {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await container.resolveAsync(SlowToConnect.self)
        }
        #expect(outcome.code == .cancelled)
        gate.open()
        _ = try await builder.value
        // Once kept, a cancelled task still gets the instance: there is nothing to wait for.
        let kept = await bounded(10) {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await container.resolveAsync(SlowToConnect.self)
        }
        #expect(kept.value?.number == 1)
    }
}
