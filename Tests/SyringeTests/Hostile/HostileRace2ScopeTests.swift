import Foundation
import Syringe
import Testing

/// Registers a request-scoped unit of work and a request-scoped handler that depends on it, both disposable.
private func registerRequest(_ container: Container, _ ledger: R2Ledger, name: String? = nil, yields: Int = 0) {
    container.register(R2Unit.self, name: name, scope: .race2Request) {
        for _ in 0..<yields { sched_yield() }
        return R2Unit(part: R2Part(ledger))
    }.onDispose { $0.part.dispose() }
    container.register(R2Handler.self, name: name, scope: .race2Request) { r in
        let unit: R2Unit = try r.resolve(name: name)
        for _ in 0..<yields { sched_yield() }
        return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
    }.onDispose { $0.part.dispose() }
}

/// Runs `body` on a thread of its own and lets the caller await its result.
private final class R2Thread<Value: Sendable>: Sendable {
    private let box = HostileBox<Value?>(nil)

    init(_ body: @escaping @Sendable () -> Value) {
        let box = self.box
        Thread {
            let value = body(); box.withLock { $0 = value }
        }.start()
    }

    func value() async -> Value? {
        for _ in 0..<20_000 {
            if let value = box.current { return value }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }
}

/// What a resolve through a scope that may close ended with.
private enum R2Outcome: Sendable, Hashable {
    case handler(part: Int, unit: Int)
    case shutDown
    case other(String)
}

@Suite("HostileRace2: explicit scopes", .timeLimit(.minutes(2)))
struct HostileRace2ScopeTests {
    /// Eight tasks resolve through one open scope at once (sync and async): one handler and one unit per scope,
    /// built once, disposed of once when it closes, and released.
    @Test func tasksResolvingThroughOneScopeShareItsInstances() async throws {
        let ledger = R2Ledger()
        do {
            let container = Container()
            registerRequest(container, ledger, yields: 3)
            for _ in 0..<60 {
                let scope = container.openScope(.race2Request)
                let seen = await withTaskGroup(of: [Int].self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            do {
                                if task % 2 == 0 {
                                    let handler = try scope.resolve(R2Handler.self)
                                    let unit = try scope.resolve(R2Unit.self)
                                    return [handler.part.id, handler.unit.part.id, unit.part.id]
                                }
                                let unit = try await scope.resolveAsync(R2Unit.self)
                                let handler = try await scope.resolveAsync(R2Handler.self)
                                return [handler.part.id, handler.unit.part.id, unit.part.id]
                            } catch {
                                ledger.note("resolve failed: \(error)")
                                return []
                            }
                        }
                    }
                    var all: [[Int]] = []
                    for await ids in group { all.append(ids) }
                    return all
                }
                #expect(Set(seen.map { $0.first ?? -1 }).count == 1, "handlers: \(seen)")
                #expect(Set(seen.flatMap { $0.dropFirst() }).count == 1, "units: \(seen)")
                try await scope.close()
            }
        }
        #expect(ledger.notes.isEmpty, "\(ledger.notes)")
        #expect(ledger.built == 120)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty)
        #expect(ledger.deaths == ledger.built)
    }

    /// Threads resolve through a scope while another closes it: every resolve gets the scope's one handler or
    /// `shutDown`; a resolve that starts after `closeNow()` returned is refused; every instance built (kept, or
    /// overtaken by the close) is disposed of exactly once and released.
    @Test(arguments: [false, true])
    func closeNowRacingResolvesOnThreads(overflow: Bool) async throws {
        let ledger = R2Ledger()
        let rounds = 150
        do {
            let container = Container()
            // A registration of the scope resolved first lays the scope's slots out; one registered after that
            // lives in the scope's overflow store.
            container.register(R2Part.self, scope: .race2Request) { R2Part(ledger) }.onDispose { $0.dispose() }
            if !overflow { registerRequest(container, ledger, yields: 2) }
            for round in 0..<rounds {
                let scope = container.openScope(.race2Request)
                let name: String? = overflow ? "round-\(round)" : nil
                if overflow {
                    _ = try scope.resolve(R2Part.self)
                    registerRequest(container, ledger, name: name, yields: 2)
                }
                let outcomes = HostileBox<[R2Outcome]>([])
                let finished = await r2OnThreads(4) { worker in
                    if worker == 0 {
                        for _ in 0..<(round % 7) { sched_yield() }
                        do { try scope.closeNow() } catch { ledger.note("closeNow threw \(error)") }
                        do {
                            _ = try scope.resolve(R2Handler.self, name: name)
                            ledger.note("a resolve after closeNow() returned succeeded (round \(round))")
                        } catch {
                            if r2Code(error) != .shutDown { ledger.note("after close: \(error)") }
                        }
                        return
                    }
                    for _ in 0..<5 {
                        let outcome: R2Outcome
                        do {
                            let handler = try scope.resolve(R2Handler.self, name: name)
                            outcome = .handler(part: handler.part.id, unit: handler.unit.part.id)
                        } catch  where r2Code(error) == .shutDown {
                            outcome = .shutDown
                        } catch {
                            outcome = .other("\(error)")
                        }
                        outcomes.withLock { $0.append(outcome) }
                    }
                }
                #expect(finished)
                let handlers = Set(outcomes.current.filter { if case .handler = $0 { true } else { false } })
                #expect(handlers.count <= 1, "round \(round): several handlers in one scope: \(handlers)")
                let others = outcomes.current.filter { if case .other = $0 { true } else { false } }
                #expect(others.isEmpty, "round \(round): \(others)")
            }
        }
        #expect(ledger.notes.isEmpty, "\(ledger.notes)")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice)")
        #expect(ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// `close()` and `closeNow()` called from many tasks at once, with synchronous and async hooks: every hook runs
    /// once, none of the calls throws, and after all of them returned every async hook has finished.
    @Test func concurrentClosesDisposeOnce() async throws {
        let ledger = R2Ledger()
        let asyncDone = HostileCounter()
        do {
            let container = Container()
            registerRequest(container, ledger)
            container.register(R2Part.self, scope: .race2Request) { R2Part(ledger) }
                .onDispose { part async in
                    await Task.yield()
                    part.dispose()
                    asyncDone.increment()
                }
            for round in 0..<100 {
                let scope = container.openScope(.race2Request)
                _ = try scope.resolve(R2Handler.self)
                _ = try scope.resolve(R2Part.self)
                let failures = await withTaskGroup(of: String?.self) { group in
                    for closer in 0..<6 {
                        group.addTask {
                            do {
                                if closer % 3 == 2 { try scope.closeNow() } else { try await scope.close() }
                                return nil
                            } catch {
                                return "\(error)"
                            }
                        }
                    }
                    var all: [String] = []
                    for await failure in group { if let failure { all.append(failure) } }
                    return all
                }
                #expect(failures.isEmpty, "round \(round): \(failures)")
                #expect(scope.isClosed)
            }
            // closeNow() may have handed the async hook to a task of its own: give those a moment.
            for _ in 0..<Int(2_000 * hangGuardScale) where asyncDone.count < 100 {
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        #expect(asyncDone.count == 100)
        #expect(ledger.built == 300)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty)
        #expect(ledger.deaths == ledger.built)
    }

    /// Every way of resolving through a closed scope is refused with `shutDown`, and builds nothing: by type, by
    /// name, with arguments, async, and through any container inside `withCurrent`.
    @Test func everyResolveAfterCloseIsRefusedAndBuildsNothing() async throws {
        let ledger = R2Ledger()
        do {
            let container = Container()
            registerRequest(container, ledger)
            registerRequest(container, ledger, name: "named")
            container.register(R2Part.self, scope: .race2Request) { (_: Resolution, tag: Int) in
                R2Part(ledger, generation: tag)
            }.onDispose { $0.dispose() }
            let scope = container.openScope(.race2Request)
            _ = try scope.resolve(R2Handler.self)
            try await scope.close()
            let built = ledger.built

            var codes: [String: ResolutionError.Code?] = [:]
            func record(_ label: String, _ body: () throws -> Void) {
                do {
                    try body()
                    codes[label] = .some(nil)
                } catch {
                    codes[label] = r2Code(error)
                }
            }
            record("type") { _ = try scope.resolve(R2Handler.self) }
            record("unit") { _ = try scope.resolve(R2Unit.self) }
            record("name") { _ = try scope.resolve(R2Handler.self, name: "named") }
            record("arguments") { _ = try scope.resolve(R2Part.self, arguments: 7) }
            do {
                _ = try await scope.resolveAsync(R2Handler.self)
                codes["async"] = .some(nil)
            } catch {
                codes["async"] = r2Code(error)
            }
            do {
                _ = try await scope.withCurrent { try container.resolve(R2Unit.self) }
                codes["withCurrent"] = .some(nil)
            } catch {
                codes["withCurrent"] = r2Code(error)
            }
            for (label, code) in codes.sorted(by: { $0.key < $1.key }) {
                #expect(code == .shutDown, "\(label): \(String(describing: code))")
            }
            #expect(ledger.built == built, "a closed scope built \(ledger.built - built) instances")
        }
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built)
    }

    /// 200 scopes open at once, each used by a few tasks, each closed by one of them: every scope sees its own
    /// instances only, disposes of its handler before the unit it depends on, each once.
    @Test func twoHundredConcurrentScopes() async throws {
        let ledger = R2Ledger()
        let order = HostileBox<[(id: Int, dependency: Int?)]>([])
        do {
            let container = Container()
            container.register(R2Unit.self, scope: .race2Request) { R2Unit(part: R2Part(ledger)) }
                .onDispose { unit in
                    unit.part.dispose()
                    order.withLock { $0.append((unit.part.id, nil)) }
                }
            container.register(R2Handler.self, scope: .race2Request) { r in
                let unit: R2Unit = try r.resolve()
                return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
            }.onDispose { handler async in
                await Task.yield()
                handler.part.dispose()
                order.withLock { $0.append((handler.part.id, handler.part.dependency?.id)) }
            }
            let mixed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let scope = container.openScope(.race2Request)
                        let ids = try await withThrowingTaskGroup(of: [Int].self) { inner in
                            for step in 0..<3 {
                                inner.addTask {
                                    if (index + step) % 2 == 0 {
                                        let handler = try await scope.resolveAsync(R2Handler.self)
                                        return [handler.part.id, handler.unit.part.id]
                                    }
                                    let unit = try scope.resolve(R2Unit.self)
                                    await Task.yield()
                                    // Bound to the task: a resolve through the container sees the scope.
                                    let handler = try await scope.withCurrent { try container.resolve(R2Handler.self) }
                                    return [handler.part.id, unit.part.id]
                                }
                            }
                            var all: [[Int]] = []
                            for try await ids in inner { all.append(ids) }
                            return all
                        }
                        try await scope.close()
                        return Set(ids).count == 1
                    }
                }
                var all = true
                for try await same in group { all = all && same }
                return all
            }
            #expect(mixed)
        }
        #expect(ledger.built == 400)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty)
        #expect(ledger.deaths == ledger.built)
        // A handler is disposed of before the unit it depends on.
        let position = Dictionary(uniqueKeysWithValues: order.current.enumerated().map { ($1.id, $0) })
        let wrongOrder = order.current.filter { entry in
            guard let unit = entry.dependency else { return false }
            return (position[entry.id] ?? Int.max) > (position[unit] ?? Int.min)
        }.map(\.id)
        #expect(wrongOrder.isEmpty, "units disposed of before their handlers: \(wrongOrder.count)")
    }

    /// A scope closed while one thread builds its unit and another waits for that build: both are refused, and the
    /// unit built late is disposed of once by its builder (the handler that needed it is never built).
    @Test func aCloseOvertakingABuildAndItsWaiter() async throws {
        let ledger = R2Ledger()
        for round in 0..<3 {
            do {
                let gate = HGate()
                let container = Container()
                container.register(R2Unit.self, scope: .race2Request) {
                    let unit = R2Unit(part: R2Part(ledger))
                    gate.pass()
                    return unit
                }.onDispose { $0.part.dispose() }
                container.register(R2Handler.self, scope: .race2Request) { r in
                    let unit: R2Unit = try r.resolve()
                    return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
                }.onDispose { $0.part.dispose() }
                let scope = container.openScope(.race2Request)
                let builder = R2Thread { () -> R2Outcome in
                    do {
                        let handler = try scope.resolve(R2Handler.self)
                        return .handler(part: handler.part.id, unit: handler.unit.part.id)
                    } catch  where r2Code(error) == .shutDown {
                        return .shutDown
                    } catch {
                        return .other("\(error)")
                    }
                }
                gate.waitForArrival()
                let waiter = R2Thread { () -> R2Outcome in
                    do {
                        let unit = try scope.resolve(R2Unit.self)
                        return .handler(part: -1, unit: unit.part.id)
                    } catch  where r2Code(error) == .shutDown {
                        return .shutDown
                    } catch {
                        return .other("\(error)")
                    }
                }
                // Long enough for the waiter to wait for the build (if it has not, it sees the close).
                try await Task.sleep(for: .milliseconds(50))
                if round == 0 { try await scope.close() } else { try scope.closeNow() }
                gate.openGate()
                #expect(await builder.value() == .shutDown)
                #expect(await waiter.value() == .shutDown)
            }
        }
        #expect(ledger.built == 3)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built)
    }
}
