import Foundation
import Testing

@testable import Syringe

/// The running task, read from the runtime without a retain: the same task `withUnsafeCurrentTask` sees, and the
/// same cancellation as `Task.isCancelled`, inside a task and outside one. Run in debug and in release
/// (`.ci/run`), so the optimiser is part of the test.
@Suite("Engine: the current task")
struct CurrentTaskTests {
    private static func taskAddress() -> UInt? {
        withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
    }

    @Test func insideATaskItIsTheTaskWithUnsafeCurrentTaskSees() async {
        let address = CurrentTask.address
        #expect(address != nil)
        #expect(address == Self.taskAddress())
        await Task.yield()
        // A task keeps its address across suspension points, whichever thread resumes it.
        #expect(CurrentTask.address == address)
    }

    @Test func concurrentTasksHaveAddressesOfTheirOwn() async throws {
        let barrier = AsyncBarrier(parties: 2)
        async let first = { () async throws -> UInt? in
            try await barrier.arriveAndWait()
            return CurrentTask.address
        }()
        async let second = { () async throws -> UInt? in
            try await barrier.arriveAndWait()
            return CurrentTask.address
        }()
        let (a, b) = try await (first, second)
        #expect(a != nil && b != nil)
        #expect(a != b)
        #expect(a != CurrentTask.address)
    }

    @Test func outsideATaskThereIsNone() {
        let seen = Protected<(UInt?, Bool, UInt?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            seen.withLock { $0 = (CurrentTask.address, CurrentTask.isCancelled, Self.taskAddress()) }
            done.signal()
        }
        thread.start()
        done.wait()
        let (address, cancelled, viaStandardLibrary) = seen.withLock { $0 } ?? (1, true, 1)
        #expect(address == nil)
        #expect(viaStandardLibrary == nil)
        #expect(!cancelled)
    }

    @Test func cancellationIsTheTasks() async {
        let gate = AsyncBarrier(parties: 2)
        let task = Task { () -> [Bool] in
            let before = [CurrentTask.isCancelled, Task.isCancelled]
            try? await gate.arriveAndWait()
            while !Task.isCancelled { await Task.yield() }
            return before + [CurrentTask.isCancelled, Task.isCancelled]
        }
        try? await gate.arriveAndWait()
        task.cancel()
        #expect(await task.value == [false, false, true, true])
        #expect(!CurrentTask.isCancelled)
    }
}
