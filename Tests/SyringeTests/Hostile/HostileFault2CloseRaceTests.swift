import Foundation
import Syringe
import Testing

extension Scope {
    fileprivate static let f2CloseRequest = Scope("hostile-fault2-close-request")
}

/// Closing one explicit scope from many tasks at once, and the text of a cancelled build.
@Suite("Hostile fault 2: closing races, cancelled text", .timeLimit(.minutes(1)))
struct HostileFault2CloseRaceTests {
    /// Eight tasks close one scope at once (`close()` and `closeNow()` mixed) while others resolve through it: every
    /// instance is disposed of exactly once, resolves after the close get `shutDown`, and everything is freed.
    @Test(arguments: 0..<5)
    func concurrentClosesDisposeOnce(round: Int) async throws {
        let ledger = F2Ledger()
        let container = Container()
        for index in 0..<4 {
            container.register(F2Counted.self, name: "n\(index)", scope: .f2CloseRequest) { () async -> F2Counted in
                F2Counted(ledger)
            }.onDispose { (counted: F2Counted) async in
                await Task.yield()
                counted.ledger.disposed(counted.id)
            }
        }
        do {
            let scope = container.openScope(.f2CloseRequest)
            for index in 0..<4 { _ = try await scope.resolveAsync(F2Counted.self, name: "n\(index)") }
            await withTaskGroup(of: Void.self) { group in
                for closer in 0..<8 {
                    group.addTask {
                        if closer.isMultiple(of: 2) { try? await scope.close() } else { try? scope.closeNow() }
                    }
                    group.addTask {
                        let outcome = await bounded(5) {
                            try await scope.resolveAsync(F2Counted.self, name: "n\(closer % 4)").id
                        }
                        if let code = outcome.code { #expect(code == .shutDown) }
                    }
                }
            }
            #expect(scope.isClosed)
            let late = await f2ErrorAsync { try await scope.resolveAsync(F2Counted.self, name: "n0") }
            #expect(late?.code == .shutDown)
        }
        #expect(await f2Eventually { ledger.counts.disposed == 4 }, "\(ledger.counts)")
        try? await Task.sleep(for: .milliseconds(10))
        let counts = ledger.counts
        #expect(counts.born == 4 && counts.disposed == 4 && counts.twice == 0, "\(counts)")
        #expect(await f2Eventually { ledger.counts.freed == 4 }, "\(ledger.counts)")
    }

    /// The error of a build whose own task was cancelled names the key, where it is registered, and a fix.
    @Test func theTextOfACancelledBuild() async throws {
        let started = F2Gate()
        let container = Container()
        container.register(F2Object.self, name: "slow", scope: .singleton) { () async throws -> F2Object in
            started.open()
            try await Task.sleep(for: .seconds(30))
            return F2Object("slow")
        }
        let task = Task { try await container.resolveAsync(F2Object.self, name: "slow") }
        await started.wait()
        task.cancel()
        let outcome = await bounded(5) { try await task.value }
        guard case .error(let thrown) = outcome, let error = thrown as? ResolutionError else {
            Issue.record("ended with \(outcome)")
            return
        }
        #expect(error.code == .cancelled)
        #expect(error.path == [Key(F2Object.self, name: "slow")])
        let text = String(describing: error)
        #expect(text.contains(#"F2Object"#) && text.contains(#""slow""#), "\(text)")
        #expect(text.contains("HostileFault2CloseRaceTests.swift"), "\(text)")
        #expect(text.contains("fix:"), "\(text)")
    }
}
