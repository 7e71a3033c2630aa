import Foundation
import Syringe
import Testing

private struct R2Kept: Sendable { let part: R2Part }
private struct R2Dependent: Sendable { let kept: R2Kept }

/// How a thread ends the kept instance's life under the resolves.
enum R2Ending: String, CaseIterable, Sendable {
    case resetType, resetScope, resetAll, reRegister, removeAll
}

@Suite("HostileRace2: every kept instance disposed of once, whatever ends it", .timeLimit(.minutes(2)))
struct HostileRace2DisposalTests {
    /// A singleton resolved directly and as the dependency of a unique service while another thread ends its life
    /// over and over: after a shutdown, every instance built was disposed of exactly once, and released.
    @Test(arguments: R2Ending.allCases)
    func aSingletonBuiltAsADependencyWhileItsLifeEnds(ending: R2Ending) async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        for _ in 0..<4 {
            let container = Container()
            @Sendable func register() {
                let hooked = R2Hooked()
                container.register(R2Kept.self, scope: .singleton) {
                    hooked.waitUntilAttached()
                    return R2Kept(part: R2Part(ledger))
                }.onDispose { $0.part.dispose() }
                hooked.markAttached()
                container.register(R2Dependent.self) { r in
                    let kept: R2Kept = try r.resolve()
                    sched_yield()
                    return R2Dependent(kept: kept)
                }
            }
            register()
            let finished = await r2OnThreads(4) { worker in
                for step in 0..<1_500 {
                    if worker == 0 {
                        switch ending {
                        case .resetType: container.reset(R2Kept.self)
                        case .resetScope: container.reset(.singleton)
                        case .resetAll: container.resetAll()
                        case .reRegister: register()
                        case .removeAll:
                            container.removeAll()
                            register()
                        }
                        for _ in 0..<(step % 4) { sched_yield() }
                        continue
                    }
                    do {
                        if (worker + step) % 2 == 0 {
                            _ = try container.resolve(R2Dependent.self)
                        } else {
                            _ = try container.resolve(R2Kept.self)
                        }
                    } catch  where r2Code(error) == .notRegistered && ending == .removeAll {
                    } catch {
                        problems.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(finished)
            try await container.shutdown()
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(3))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// Two threads register the same key at once, over and over, while two resolve it: every registration replaced
    /// is dropped, so every instance built is disposed of once (by the replacement, its builder or the shutdown).
    @Test(arguments: [Scope.singleton, .cached])
    func twoThreadsReRegisteringOneKeyWhileOthersResolve(scope: Scope) async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        for _ in 0..<6 {
            let container = Container()
            @Sendable func register() {
                let hooked = R2Hooked()
                container.register(R2Kept.self, scope: scope) {
                    hooked.waitUntilAttached()
                    return R2Kept(part: R2Part(ledger))
                }.onDispose { $0.part.dispose() }
                hooked.markAttached()
            }
            register()
            let finished = await r2OnThreads(4) { worker in
                for _ in 0..<1_500 {
                    if worker < 2 {
                        register()
                        continue
                    }
                    do { _ = try container.resolve(R2Kept.self) } catch { problems.withLock { $0.append("\(error)") } }
                }
            }
            #expect(finished)
            try await container.shutdown()
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(3))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }
}
