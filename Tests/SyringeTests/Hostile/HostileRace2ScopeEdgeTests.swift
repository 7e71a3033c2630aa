import Foundation
import Syringe
import Testing

/// A value of 16-byte alignment and more than a few words: it does not fit a scope's slot.
private struct R2Wide: Sendable {
    var lanes: SIMD4<Double>
    var id: Int
    var check: (Int, Int, Int, Int, Int, Int)
    init(id: Int) {
        self.id = id
        lanes = SIMD4(repeating: Double(id))
        check = (id, id, id, id, id, id)
    }
    var isWhole: Bool {
        let lanesOK = lanes == SIMD4(repeating: Double(id))
        return lanesOK && check == (id, id, id, id, id, id)
    }
}

/// A small value: it fits a slot.
private struct R2Small: Sendable {
    let id: Int
    let twin: Int
}

private struct R2Gen: Sendable { let part: R2Part }

@Suite("HostileRace2: explicit scopes at their edges", .timeLimit(.minutes(2)))
struct HostileRace2ScopeEdgeTests {
    /// Thirty request-scoped registrations (more than a scope's inline slots hold), values of every size and an
    /// over-aligned one, resolved by eight tasks through each of 40 scopes: every value read whole, one per scope.
    @Test func manyRegistrationsAndOverAlignedValuesThroughConcurrentScopes() async throws {
        let container = Container()
        let ids = HostileCounter()
        for index in 0..<10 {
            container.register(R2Small.self, name: "small-\(index)", scope: .race2Request) {
                let id = ids.increment()
                return R2Small(id: id, twin: id)
            }
            container.register(R2Wide.self, name: "wide-\(index)", scope: .race2Request) {
                R2Wide(id: ids.increment())
            }
            container.register(R2Part.self, name: "part-\(index)", scope: .race2Request) {
                R2Part(R2Ledger())
            }
        }
        let problems = HostileBox<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let scope = container.openScope(.race2Request)
                    let seen = HostileBox<[String: Set<Int>]>([:])
                    await withTaskGroup(of: Void.self) { tasks in
                        for task in 0..<8 {
                            tasks.addTask {
                                for step in 0..<30 {
                                    let index = (task + step) % 10
                                    do {
                                        let small = try scope.resolve(R2Small.self, name: "small-\(index)")
                                        let wide = try scope.resolve(R2Wide.self, name: "wide-\(index)")
                                        let part = try scope.resolve(R2Part.self, name: "part-\(index)")
                                        if small.id != small.twin || !wide.isWhole {
                                            problems.withLock { $0.append("torn: \(small) \(wide.id)") }
                                        }
                                        seen.withLock {
                                            $0["small-\(index)", default: []].insert(small.id)
                                            $0["wide-\(index)", default: []].insert(wide.id)
                                            $0["part-\(index)", default: []].insert(part.id)
                                        }
                                    } catch {
                                        problems.withLock { $0.append("\(error)") }
                                    }
                                }
                            }
                        }
                    }
                    for (name, found) in seen.current where found.count != 1 {
                        problems.withLock { $0.append("\(name): \(found.count) instances in one scope") }
                    }
                    do { try await scope.close() } catch { problems.withLock { $0.append("\(error)") } }
                }
            }
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
    }

    /// A request-scoped registration replaced over and over while tasks resolve it through one open scope: a resolve
    /// that starts after a generation's `register` returned gets that generation or a newer one, each generation has
    /// at most one instance in the scope, and closing the scope disposes of every instance once, with its own
    /// registration's hook.
    @Test func aRegistrationReplacedWhileAScopeUsesIt() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        let generation = HostileBox(0)
        let hookOf = HostileBox<[Int: Int]>([:])  // instance id → generation of the hook that disposed of it
        do {
            let container = Container()
            @Sendable func register(_ number: Int) {
                let hooked = R2Hooked()
                container.register(R2Gen.self, scope: .race2Request) {
                    hooked.waitUntilAttached()
                    return R2Gen(part: R2Part(ledger, generation: number))
                }.onDispose { gen in
                    gen.part.dispose()
                    hookOf.withLock { $0[gen.part.id] = number }
                }
                hooked.markAttached()
            }
            register(0)
            for _ in 0..<10 {
                let scope = container.openScope(.race2Request)
                let perGeneration = HostileBox<[Int: Set<Int>]>([:])
                let finished = await r2OnThreads(4) { worker in
                    for _ in 0..<100 {
                        if worker == 0 {
                            let next = generation.current + 1
                            register(next)
                            generation.withLock { $0 = next }
                            continue
                        }
                        let floor = generation.current
                        do {
                            let gen = try scope.resolve(R2Gen.self)
                            if gen.part.generation < floor {
                                problems.withLock { $0.append("generation \(gen.part.generation) after \(floor)") }
                            }
                            perGeneration.withLock { _ = $0[gen.part.generation, default: []].insert(gen.part.id) }
                        } catch {
                            problems.withLock { $0.append("\(error)") }
                        }
                    }
                }
                #expect(finished)
                for (number, instances) in perGeneration.current where instances.count > 1 {
                    problems.withLock { $0.append("generation \(number): \(instances.count) instances in one scope") }
                }
                try await scope.close()
            }
        }
        #expect(problems.current.isEmpty, "\(problems.current.count): \(problems.current.prefix(5))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// A factory that closes its own scope while it builds: its resolve is refused, and what it built is disposed of
    /// once; other instances of the scope are disposed of once too.
    @Test func aFactoryThatClosesItsOwnScope() async throws {
        let ledger = R2Ledger()
        do {
            let container = Container()
            let holder = HostileBox<ContainerScope?>(nil)
            container.register(R2Unit.self, scope: .race2Request) { R2Unit(part: R2Part(ledger)) }
                .onDispose { $0.part.dispose() }
            container.register(R2Handler.self, scope: .race2Request) { r in
                let unit: R2Unit = try r.resolve()
                try holder.current?.closeNow()
                return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
            }.onDispose { $0.part.dispose() }
            for _ in 0..<20 {
                let scope = container.openScope(.race2Request)
                holder.withLock { $0 = scope }
                let outcome: ResolutionError.Code?
                do {
                    _ = try scope.resolve(R2Handler.self)
                    outcome = nil
                } catch {
                    outcome = r2Code(error)
                }
                #expect(outcome == .shutDown)
                #expect(scope.isClosed)
                try await scope.close()
                // The registrations capture the holder: a scope left in it would keep the container alive.
                holder.withLock { $0 = nil }
            }
        }
        #expect(ledger.built == 40)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built)
    }

    /// A scope's dispose hook that resolves through the scope being closed: refused, no deadlock, and the other
    /// instances are still disposed of.
    @Test func aDisposeHookThatResolvesThroughItsClosingScope() async throws {
        let ledger = R2Ledger()
        let codes = HostileBox<[ResolutionError.Code?]>([])
        do {
            let container = Container()
            let holder = HostileBox<ContainerScope?>(nil)
            container.register(R2Unit.self, scope: .race2Request) { R2Unit(part: R2Part(ledger)) }
                .onDispose { $0.part.dispose() }
            container.register(R2Handler.self, scope: .race2Request) { r in
                let unit: R2Unit = try r.resolve()
                return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
            }.onDispose { handler in
                handler.part.dispose()
                do {
                    _ = try holder.current?.resolve(R2Unit.self)
                    codes.withLock { $0.append(nil) }
                } catch {
                    codes.withLock { $0.append(r2Code(error)) }
                }
            }
            for round in 0..<20 {
                let scope = container.openScope(.race2Request)
                holder.withLock { $0 = scope }
                _ = try scope.resolve(R2Handler.self)
                // Called directly (a hang fails by the suite's time limit): a task of `bounded` could still hold the
                // scope, with its instances, when the counts are read.
                if round % 2 == 0 { try await scope.close() } else { try scope.closeNow() }
                holder.withLock { $0 = nil }
            }
        }
        #expect(codes.current.count == 20)
        #expect(codes.current.allSatisfy { $0 == .shutDown }, "\(codes.current)")
        #expect(ledger.built == 40)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built)
    }

    /// A scope opened inside a `withScope` of another scope sees that call's instances; once the call has ended, a
    /// resolve through the inner scope of the outer scope's registration is refused, and nothing is kept for it in the
    /// container (where nobody would ever dispose of it).
    @Test func anInnerScopeOutlivingTheWithScopeItWasOpenedIn() async throws {
        let ledger = R2Ledger()
        do {
            let container = Container()
            container.register(R2Part.self, scope: .race2Other) { R2Part(ledger) }.onDispose { $0.dispose() }
            container.register(R2Unit.self, scope: .race2Request) { r in
                let part: R2Part = try r.resolve()
                return R2Unit(part: R2Part(ledger, dependency: part))
            }.onDispose { $0.part.dispose() }
            let inner = try await container.withScope(.race2Other) { () async throws -> ContainerScope in
                let inner = container.openScope(.race2Request)
                let outer = try container.resolve(R2Part.self)
                #expect(try inner.resolve(R2Unit.self).part.dependency === outer)
                return inner
            }
            let late: ResolutionError.Code?
            do {
                _ = try inner.resolve(R2Part.self)
                late = nil
            } catch {
                late = r2Code(error)
            }
            #expect(
                late == .shutDown,
                "a resolve through the inner scope after the outer call ended: \(String(describing: late))")
            try await inner.close()
            #expect(
                container.instances(of: R2Part.self).isEmpty,
                "kept in the container: \(container.instances(of: R2Part.self).map(\.id))")
            try await container.shutdown()
        }
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed)")
        #expect(ledger.deaths == ledger.built)
    }

    /// A task waiting (with `resolveAsync`) for another task's build in the same open scope is cancelled: it stops
    /// waiting at once with an error, the build goes on and keeps its instance in the scope, and closing the scope
    /// disposes of it once.
    @Test func aCancelledWaiterInAScopeStopsWaiting() async throws {
        let ledger = R2Ledger()
        do {
            let gate = HGate()
            let container = Container()
            container.register(R2Unit.self, scope: .race2Request) { () async in
                await gate.passAsync()
                return R2Unit(part: R2Part(ledger))
            }.onDispose { $0.part.dispose() }
            let scope = container.openScope(.race2Request)
            let builder = Task { try await scope.resolveAsync(R2Unit.self).part.id }
            await gate.waitForArrivalAsync()
            let waiter = Task { try await scope.resolveAsync(R2Unit.self).part.id }
            try await Task.sleep(for: .milliseconds(30))
            waiter.cancel()
            let waited = await bounded(5) { try await waiter.value }
            #expect(!waited.isHang, "a cancelled waiter kept waiting for another task's build")
            #expect(waited.value == nil)
            gate.openGate()
            let built = try await builder.value
            #expect(try await scope.resolveAsync(R2Unit.self).part.id == built)
            try await scope.close()
        }
        #expect(ledger.built == 1)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty)
        #expect(ledger.deaths == ledger.built)
    }

    /// Request-scoped contributions to a multi-binding, resolved with `resolveAll` by tasks bound to one open scope,
    /// in 50 scopes at once: one instance of each contribution per scope, each disposed of once when it closes.
    @Test func requestScopedContributionsThroughConcurrentScopes() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        do {
            let container = Container()
            for _ in 0..<3 {
                container.contribute(R2Gen.self, scope: .race2Request) { R2Gen(part: R2Part(ledger)) }
                    .onDispose { $0.part.dispose() }
            }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let scope = container.openScope(.race2Request)
                        let seen = HostileBox<Set<[Int]>>([])
                        await withTaskGroup(of: Void.self) { tasks in
                            for task in 0..<4 {
                                tasks.addTask {
                                    do {
                                        let all = try await scope.withCurrent {
                                            task % 2 == 0
                                                ? try container.resolveAll(R2Gen.self)
                                                : try await container.resolveAllAsync(R2Gen.self)
                                        }
                                        seen.withLock { _ = $0.insert(all.map(\.part.id)) }
                                    } catch {
                                        problems.withLock { $0.append("\(error)") }
                                    }
                                }
                            }
                        }
                        if seen.current.count != 1 || seen.current.first?.count != 3 {
                            problems.withLock { $0.append("one scope saw \(seen.current)") }
                        }
                        do { try await scope.close() } catch { problems.withLock { $0.append("\(error)") } }
                    }
                }
            }
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
        #expect(ledger.built == 150)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed.prefix(10))")
        #expect(ledger.deaths == ledger.built)
    }

    /// A request's unit of work asked for at the same moment through a test's container and through the app's
    /// container it overrides, both bound to one open scope: one unit per request ("a test container's copy of a
    /// registration and the registration itself share one instance per scope"), disposed of once.
    @Test func aTestContainerAndItsParentRacingToBuildARequestInstance() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        try await Container.withOverrides {
            $0.register(R2Unit.self, scope: .race2Request) {
                sched_yield()
                return R2Unit(part: R2Part(ledger))
            }.onDispose { $0.part.dispose() }
        } operation: {
            let app = Container.shared
            try await Container.withOverrides { _ in
            } operation: {
                let test = Container.shared
                for round in 0..<100 {
                    let scope = (round % 2 == 0 ? app : test).openScope(.race2Request)
                    let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                        for task in 0..<4 {
                            group.addTask {
                                try await scope.withCurrent {
                                    try (task % 2 == 0 ? app : test).resolve(R2Unit.self).part.id
                                }
                            }
                        }
                        var ids: Set<Int> = []
                        for try await id in group { ids.insert(id) }
                        return ids
                    }
                    if ids.count != 1 { problems.withLock { $0.append("round \(round): \(ids.count) units") } }
                    try await scope.close()
                }
            }
        }
        #expect(problems.current.isEmpty, "\(problems.current.count): \(problems.current.prefix(5))")
        #expect(ledger.built == 100)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed.prefix(10))")
        #expect(ledger.deaths == ledger.built)
    }
}
