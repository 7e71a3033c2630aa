import Foundation
import Syringe
import Testing

/// The wait-for graph after a wait that ended early (a waiter cancelled): a later wait the other way round (the
/// former builder now waiting for the former waiter) is not a cycle.
@Suite("Hostile fault 2: waits that ended early", .timeLimit(.minutes(1)))
struct HostileFault2WaitGraphTests {
    @Test(arguments: ["cancelled waiter"], 0..<3)
    func aLaterReverseWaitIsNotACycle(ending: String, round: Int) async throws {
        let startedA = F2Gate()
        let gateA = F2Gate()
        let gateAfterFirst = F2Gate()
        let startedD = F2Gate()
        let gateD = F2Gate()
        let waiterWaiting = F2Gate()
        let aAttempts = HostileCounter()
        let container = Container()
        container.register(F2Object.self, name: "A", scope: .singleton) { (r: Resolution) async throws -> F2Object in
            let attempt = aAttempts.increment()
            if attempt == 1 {
                startedA.open()
                await gateA.wait()
                if ending == "failed build" { throw HostileFailure(reason: "A fails once") }
            }
            await gateAfterFirst.wait()
            return F2Object("A", holding: [try await r.resolveAsync(F2Object.self, name: "D")])
        }
        container.register(F2Object.self, name: "D", scope: .singleton) { () async -> F2Object in
            startedD.open()
            await gateD.wait()
            return F2Object("D")
        }
        // T1 builds A (and, in the failed-build case, builds it again after the first attempt fails).
        let t1 = Task { () async throws -> String in
            do { return try await container.resolveAsync(F2Object.self, name: "A").tag } catch {
                return try await container.resolveAsync(F2Object.self, name: "A").tag
            }
        }
        await startedA.wait()
        // T2 waits for T1's build of A; that wait ends early; then T2 builds D, slowly.
        let t2 = Task { () async throws -> String in
            let first = Task { try await container.resolveAsync(F2Object.self, name: "A") }
            waiterWaiting.open()
            if ending == "cancelled waiter" {
                for _ in 0..<20 { await Task.yield() }
                first.cancel()
            }
            let firstOutcome = await bounded(5) { try await first.value }
            #expect(
                firstOutcome.code == (ending == "cancelled waiter" ? .cancelled : .factoryFailed)
                    || firstOutcome.value != nil)
            return try await container.resolveAsync(F2Object.self, name: "D").tag
        }
        await waiterWaiting.wait()
        for _ in 0..<20 { await Task.yield() }
        if ending == "failed build" { gateA.open() }
        await startedD.wait()
        // Now T1 (A's build) asks for D, which T2's task builds: T1 waits for T2.
        if ending == "cancelled waiter" { gateA.open() }
        gateAfterFirst.open()
        for _ in 0..<50 { await Task.yield() }
        gateD.open()
        let outcomes = [await bounded(5) { try await t1.value }, await bounded(5) { try await t2.value }]
        #expect(outcomes[0].value == "A", "\(outcomes[0])")
        #expect(outcomes[1].value == "D", "\(outcomes[1])")
    }
}
