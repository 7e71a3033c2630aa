import Foundation
import Syringe
import Testing

final class CycleP: Sendable { init(_ q: CycleQ?) {} }
final class CycleQ: Sendable { init(_ r: CycleR?) {} }
final class CycleR: Sendable { init(_ p: CycleP?) {} }

/// A cycle split across tasks and threads ends in a `cycle` error for everyone, never in a hang.
@Suite("Concurrency: cycles across tasks", .timeLimit(.minutes(1)))
struct AsyncCycleTests {
    /// P → Q → R → P, three async singletons, each started from a task of its own: every task is part of the
    /// loop, so every task must get `cycle`, not only the one that closes it.
    @Test(arguments: 0..<5)
    func aThreeWayCycleStartedFromThreeTasksFailsOnEveryTask(round: Int) async throws {
        let container = Container()
        container.register(CycleP.self, scope: .singleton) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return CycleP(try await r.resolveAsync(CycleQ.self))
        }
        container.register(CycleQ.self, scope: .singleton) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return CycleQ(try await r.resolveAsync(CycleR.self))
        }
        container.register(CycleR.self, scope: .singleton) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return CycleR(try await r.resolveAsync(CycleP.self))
        }
        let codes = await withTaskGroup(of: ResolutionError.Code?.self) { group in
            group.addTask { await errorCode(resolving: CycleP.self, in: container) }
            group.addTask { await errorCode(resolving: CycleQ.self, in: container) }
            group.addTask { await errorCode(resolving: CycleR.self, in: container) }
            var codes: [ResolutionError.Code?] = []
            for await code in group { codes.append(code) }
            return codes
        }
        #expect(codes == [.cycle, .cycle, .cycle])
    }

    /// The same loop through child tasks of one factory: the parent waits for its children, so their waits are
    /// its waits.
    @Test func aCycleThroughAChildTaskIsFound() async throws {
        let container = Container()
        container.register(CycleP.self, scope: .singleton) { r async throws in
            let container = r.container
            async let q = container.resolveAsync(CycleQ.self)
            return CycleP(try await q)
        }
        container.register(CycleQ.self, scope: .singleton) { r async throws in
            CycleQ(try await r.resolveAsync(CycleR.self))
        }
        container.register(CycleR.self, scope: .singleton) { r async throws in
            CycleR(try await r.resolveAsync(CycleP.self))
        }
        #expect(await errorCode(resolving: CycleP.self, in: container) == .cycle)
        // Nothing half-built stays: breaking the loop lets everything build.
        container.register(CycleR.self, scope: .singleton) { CycleR(nil) }
        _ = try await container.resolveAsync(CycleP.self)
    }

    /// A cycle split across threads (synchronous singletons) is found too.
    @Test func aThreeWayCycleOnThreeThreadsFailsOnEveryThread() {
        let container = Container()
        let started = Barrier(parties: 3)
        container.register(CycleP.self, scope: .singleton) { r in
            started.arriveAndWait()
            return CycleP(try r.resolve(CycleQ.self))
        }
        container.register(CycleQ.self, scope: .singleton) { r in
            started.arriveAndWait()
            return CycleQ(try r.resolve(CycleR.self))
        }
        container.register(CycleR.self, scope: .singleton) { r in
            started.arriveAndWait()
            return CycleR(try r.resolve(CycleP.self))
        }
        let codes = Collector<ResolutionError.Code>()
        runOnThreads(3) { index in
            do {
                switch index {
                case 0: _ = try container.resolve(CycleP.self)
                case 1: _ = try container.resolve(CycleQ.self)
                default: _ = try container.resolve(CycleR.self)
                }
                codes.append(.multiple)  // not expected: recorded as a wrong code
            } catch let error as ResolutionError {
                codes.append(error.code)
            } catch {
                codes.append(.multiple)
            }
        }
        #expect(codes.elements == [.cycle, .cycle, .cycle])
    }
}
