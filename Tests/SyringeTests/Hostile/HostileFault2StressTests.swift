import Foundation
import Syringe
import Testing

/// Counts instances born, disposed of and freed, from any thread.
final class F2Ledger: Sendable {
    private let box = HostileBox((born: 0, disposed: 0, freed: 0, disposedIDs: Set<Int>(), twice: 0))
    func born() -> Int {
        box.withLock {
            $0.born += 1; return $0.born
        }
    }
    func disposed(_ id: Int) {
        box.withLock {
            $0.disposed += 1
            if !$0.disposedIDs.insert(id).inserted { $0.twice += 1 }
        }
    }
    func freed() { box.withLock { $0.freed += 1 } }
    var counts: (born: Int, disposed: Int, freed: Int, twice: Int) {
        box.withLock { ($0.born, $0.disposed, $0.freed, $0.twice) }
    }
}

final class F2Counted: @unchecked Sendable {  // `id` and `ledger` are set in init
    let id: Int
    let ledger: F2Ledger
    init(_ ledger: F2Ledger) {
        self.ledger = ledger
        id = ledger.born()
    }
    deinit { ledger.freed() }
}

/// Bounded mixed runs: failing, cancelled and succeeding builds of kept instances, with resets and shutdowns, from
/// tasks and threads. Invariants at the end: every instance freed; every instance that was kept (or handed out
/// from a kept build) disposed of exactly once; none twice.
@Suite("Hostile fault 2: stress of faults", .serialized, .timeLimit(.minutes(2)))
struct HostileFault2StressTests {
    @Test(arguments: [UInt64(0x5EED_0001), 0x5EED_0002, 0x5EED_0003])
    func failingAndCancelledAsyncBuildsBalance(seed: UInt64) async throws {
        let ledger = F2Ledger()
        let returned = HostileCounter()
        for round in 0..<60 {
            var random = HostileRandom(state: seed &+ UInt64(round) &* 0x9E37_79B9)
            let failEvery = 2 + random.next(3)
            let attempts = HostileCounter()
            let container = Container()
            container.register(F2Counted.self, scope: .singleton) { () async throws -> F2Counted in
                let attempt = attempts.increment()
                let made = F2Counted(ledger)
                await Task.yield()
                if attempt % failEvery == 0 { throw HostileFailure(reason: "attempt \(attempt)") }
                try Task.checkCancellation()
                returned.increment()
                return made
            }.onDispose { counted in counted.ledger.disposed(counted.id) }
            container.register(F2Counted.self, name: "cached", scope: .cached) {
                (r: Resolution) async throws -> F2Counted in
                _ = try await r.resolveAsync(F2Counted.self)
                let made = F2Counted(ledger)
                if attempts.count % 3 == 0 { throw HostileFailure(reason: "cached") }
                returned.increment()
                return made
            }.onDispose { counted in counted.ledger.disposed(counted.id) }
            var tasks: [Task<Void, Never>] = []
            for index in 0..<6 {
                let name: String? = index.isMultiple(of: 2) ? nil : "cached"
                tasks.append(Task { _ = try? await container.resolveAsync(F2Counted.self, name: name) })
            }
            for (index, task) in tasks.enumerated() where random.next(3) == 0 || index == 5 { task.cancel() }
            if random.next(2) == 0 { container.reset(.cached) }
            for task in tasks { _ = await bounded(5) { await task.value } }
            _ = try? await container.resolveAsync(F2Counted.self, name: "cached")
            try await container.shutdown()
        }
        #expect(await f2Eventually { ledger.counts.born == ledger.counts.freed }, "\(ledger.counts)")
        let counts = ledger.counts
        #expect(counts.twice == 0, "\(counts)")
        #expect(counts.disposed == returned.count, "every instance a factory returned is disposed of once: \(counts)")
        #expect(counts.born >= 120 && counts.disposed >= 60, "the run built and disposed of enough: \(counts)")
    }

    /// Threads resolve a synchronous singleton whose factory fails every third time, while another thread resets
    /// it: after a last `resetAll`, what was disposed of is what was handed out from kept builds, each once, and
    /// everything is freed.
    @Test(arguments: [UInt64(0xF417_0001), 0xF417_0002])
    func failingSynchronousBuildsRacingResets(seed: UInt64) async throws {
        let ledger = F2Ledger()
        let attempts = HostileCounter()
        let successes = HostileCounter()
        let container = Container()
        container.register(F2Counted.self, scope: .cached) { () throws -> F2Counted in
            let attempt = attempts.increment()
            let made = F2Counted(ledger)
            if attempt % 3 == 0 { throw HostileFailure(reason: "attempt \(attempt)") }
            successes.increment()
            return made
        }.onDispose { counted in counted.ledger.disposed(counted.id) }
        let results = await Task.detached {
            await boundedOnThreads(4, seconds: 20) { thread -> Int in
                var random = HostileRandom(state: seed &+ UInt64(thread))
                var failures = 0
                for _ in 0..<400 {
                    if thread == 0 && random.next(4) == 0 {
                        container.reset(.cached)
                    } else {
                        do { _ = try container.resolve(F2Counted.self) } catch { failures += 1 }
                    }
                }
                return failures
            }
        }.value
        #expect(!results.contains { $0.isHang })
        container.resetAll()
        #expect(await f2Eventually { ledger.counts.born == ledger.counts.freed }, "\(ledger.counts)")
        let counts = ledger.counts
        #expect(counts.twice == 0, "\(counts)")
        #expect(counts.disposed == successes.count, "every successful build is disposed of once: \(counts)")
        #expect(successes.count >= 50, "the run built enough: \(counts)")
    }
}
