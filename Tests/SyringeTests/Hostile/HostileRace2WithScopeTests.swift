import Foundation
import Syringe
import Testing

/// A service of another custom scope.
private struct R2Other: Sendable { let part: R2Part }

/// A request-scoped service whose async factory waits until its task is cancelled.
private struct R2Slow: Sendable {
    let part: R2Part
    let unit: R2Unit
}

@Suite("HostileRace2: withScope nested, concurrent, cancelled", .timeLimit(.minutes(2)))
struct HostileRace2WithScopeTests {
    /// 100 concurrent `withScope` calls, each with child tasks, a nested `withScope` of the same scope and one of
    /// another scope: child tasks share the call's instances, the nested call has its own, the outer instance is
    /// back after it, and every instance is disposed of once and released.
    @Test func nestedAndConcurrentScopes() async throws {
        let ledger = R2Ledger()
        do {
            let container = Container()
            container.register(R2Unit.self, scope: .race2Request) {
                R2Unit(part: R2Part(ledger))
            }.onDispose { $0.part.dispose() }
            container.register(R2Handler.self, scope: .race2Request) { r in
                let unit: R2Unit = try r.resolve()
                return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
            }.onDispose { handler async in
                await Task.yield()
                handler.part.dispose()
            }
            container.register(R2Other.self, scope: .race2Other) { R2Other(part: R2Part(ledger)) }
                .onDispose { $0.part.dispose() }

            let wrong = try await withThrowingTaskGroup(of: [String].self) { group in
                for index in 0..<100 {
                    group.addTask {
                        var wrong: [String] = []
                        try await container.withScope(.race2Request) {
                            let outer = try container.resolve(R2Handler.self)
                            let fromChildren = try await withThrowingTaskGroup(of: Int.self) { children in
                                for _ in 0..<4 {
                                    children.addTask {
                                        await Task.yield()
                                        return try await container.resolveAsync(R2Handler.self).part.id
                                    }
                                }
                                var ids: Set<Int> = []
                                for try await id in children { ids.insert(id) }
                                return ids
                            }
                            if fromChildren != [outer.part.id] { wrong.append("children saw \(fromChildren)") }
                            let (inner, innerOther) = try await container.withScope(.race2Request) {
                                let inner = try container.resolve(R2Handler.self)
                                let other = try await container.withScope(.race2Other) {
                                    let first = try container.resolve(R2Other.self)
                                    let second = try await container.resolveAsync(R2Other.self)
                                    return first.part.id == second.part.id ? first.part.id : -1
                                }
                                return (inner.part.id, other)
                            }
                            if inner == outer.part.id { wrong.append("the nested scope shared the outer one's") }
                            if innerOther < 0 { wrong.append("two instances in one scope of another kind") }
                            if try container.resolve(R2Handler.self).part.id != outer.part.id {
                                wrong.append("the outer instance is not back after the nested scope")
                            }
                            if index % 10 == 0 { try await Task.sleep(for: .milliseconds(1)) }
                        }
                        return wrong
                    }
                }
                var all: [String] = []
                for try await wrong in group { all += wrong }
                return all
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        }
        // Per call: an outer handler and unit, an inner handler and unit, one other.
        #expect(ledger.built == 500)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed.prefix(10))")
        #expect(ledger.deaths == ledger.built)
    }

    /// Requests cancelled while their async factory runs: the request ends with an error, the unit its factory
    /// already built is disposed of once, and its async hook runs to its end although the task is cancelled.
    @Test func aRequestCancelledMidResolveDisposesWhatItBuilt() async throws {
        let ledger = R2Ledger()
        let hookFailures = HostileCounter()
        let entered = HostileCounter()
        let requests = 40
        do {
            let container = Container()
            container.register(R2Unit.self, scope: .race2Request) { R2Unit(part: R2Part(ledger)) }
                .onDispose { unit async throws in
                    // A hook that awaits: it would throw here if it ran in the cancelled task.
                    do {
                        try await Task.sleep(for: .milliseconds(1))
                    } catch {
                        hookFailures.increment()
                        throw error
                    }
                    unit.part.dispose()
                }
            container.register(R2Slow.self, scope: .race2Request) { r async throws in
                let unit: R2Unit = try await r.resolveAsync()
                entered.increment()
                try await Task.sleep(for: .seconds(30))
                return R2Slow(part: R2Part(ledger), unit: unit)
            }.onDispose { $0.part.dispose() }

            let tasks = (0..<requests).map { _ in
                Task {
                    try await container.withScope(.race2Request) {
                        try await container.resolveAsync(R2Slow.self).part.id
                    }
                }
            }
            for _ in 0..<Int(20_000 * hangGuardScale) where entered.count < requests {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(entered.count == requests)
            for task in tasks { task.cancel() }
            var codes: [String] = []
            for task in tasks {
                switch await task.result {
                case .success(let id): codes.append("an instance \(id)")
                case .failure(let error): codes.append(r2IsCancellation(error) ? "cancelled" : "\(error)")
                }
            }
            #expect(codes.allSatisfy { $0 == "cancelled" }, "\(Set(codes))")
        }
        #expect(hookFailures.count == 0, "async hooks cancelled: \(hookFailures.count)")
        #expect(ledger.built == requests)
        #expect(ledger.disposedTwice.isEmpty)
        #expect(ledger.neverDisposed.isEmpty, "never disposed of: \(ledger.neverDisposed.prefix(10))")
        #expect(ledger.deaths == ledger.built)
    }

    /// The same, cancelled at every moment: before the scope opens, during a synchronous build, between resolves,
    /// while a child task waits for another's build. Whatever the moment, every instance built is disposed of once
    /// and released, and a failure is a cancellation (never another error).
    @Test func requestsCancelledAtEveryMoment() async throws {
        let ledger = R2Ledger()
        let unexpected = HostileBox<[String]>([])
        do {
            let container = Container()
            container.register(R2Unit.self, scope: .race2Request) { () async throws in
                await Task.yield()
                return R2Unit(part: R2Part(ledger))
            }.onDispose { unit async in
                await Task.yield()
                unit.part.dispose()
            }
            container.register(R2Handler.self, scope: .race2Request) { r in
                let unit: R2Unit = try await r.resolveAsync()
                for _ in 0..<3 { sched_yield() }
                return R2Handler(part: R2Part(ledger, dependency: unit.part), unit: unit)
            }.onDispose { $0.part.dispose() }
            for round in 0..<6 {
                let tasks = (0..<40).map { index in
                    Task {
                        try await container.withScope(.race2Request) {
                            try await withThrowingTaskGroup(of: Int.self) { group in
                                for _ in 0..<3 {
                                    group.addTask { try await container.resolveAsync(R2Handler.self).part.id }
                                }
                                var ids: Set<Int> = []
                                for try await id in group { ids.insert(id) }
                                if index % 2 == 0 { await Task.yield() }
                                return ids.count
                            }
                        }
                    }
                }
                for (index, task) in tasks.enumerated() {
                    if (index + round) % 3 == 0 { await Task.yield() }
                    task.cancel()
                }
                for task in tasks {
                    switch await task.result {
                    case .success(let count):
                        if count != 1 { unexpected.withLock { $0.append("\(count) handlers in one request") } }
                    case .failure(let error):
                        if !r2IsCancellation(error) { unexpected.withLock { $0.append("\(error)") } }
                    }
                }
            }
        }
        #expect(unexpected.current.isEmpty, "\(unexpected.current.prefix(3))")
        #expect(ledger.disposedTwice.isEmpty)
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built)
    }
}
