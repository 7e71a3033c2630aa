import Foundation
import Syringe
import Testing

extension Scope {
    fileprivate static let f2LifeRequest = Scope("hostile-fault2-life-request")
}

/// Lives that end without the usual close: a scope dropped without `close()`, a task that outlives its
/// `withScope`, a build under way when its `withScope` ends; and a cycle across two tasks deep in two chains.
@Suite("Hostile fault 2: lifetime edges", .timeLimit(.minutes(1)))
struct HostileFault2LifetimeEdgeTests {
    /// An explicit scope dropped without `close()`: its instances (sync and async factories, a dependent and its
    /// dependency) are freed, and no hook runs (documented).
    @Test func aScopeDroppedWithoutCloseFreesItsInstances() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, name: "dependency", scope: .f2LifeRequest) { F2Object("dependency") }
            .onDispose { _ in log.add("dispose dependency") }
        container.register(F2Object.self, name: "dependent", scope: .f2LifeRequest) {
            (r: Resolution) async throws -> F2Object in
            F2Object("dependent", holding: [try r.resolve(F2Object.self, name: "dependency")])
        }.onDispose { (_: F2Object) async in log.add("dispose dependent") }
        let probes: [WeakBox<F2Object>]
        do {
            let scope = container.openScope(.f2LifeRequest)
            let dependent = try await scope.resolveAsync(F2Object.self, name: "dependent")
            probes = [WeakBox(dependent), WeakBox(dependent.held[0] as? F2Object)]
            #expect(probes.allSatisfy { $0.value != nil })
        }
        #expect(await f2Eventually { probes.allSatisfy { $0.value == nil } })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(log.entries.isEmpty)
    }

    /// A task started inside `withScope` that asks for an instance of the scope after the call ended gets
    /// `shutDown`, and nothing is built for it.
    @Test func aTaskThatOutlivesItsWithScope() async throws {
        let builds = HostileCounter()
        let gate = F2Gate()
        let container = Container()
        container.register(F2Object.self, scope: .f2LifeRequest) { () -> F2Object in
            builds.increment()
            return F2Object("request")
        }
        let late = try await container.withScope(.f2LifeRequest) {
            Task { () async throws -> F2Object in
                await gate.wait()
                return try container.resolve(F2Object.self)
            }
        }
        gate.open()
        let outcome = await bounded(5) { try await late.value }
        #expect(outcome.code == .shutDown, "\(outcome)")
        #expect(builds.count == 0)
    }

    /// A build under way in a task started inside `withScope` when the call ends: its caller gets `shutDown`, its
    /// instance is disposed of once, by its builder, and freed.
    @Test func aBuildUnderWayWhenItsWithScopeEnds() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let built = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .f2LifeRequest) { () async -> F2Object in
            started.open()
            await gate.wait()
            let object = F2Object("late")
            built.value = object
            return object
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let late = try await container.withScope(.f2LifeRequest) {
            let task = Task { try await container.resolveAsync(F2Object.self).tag }
            await started.wait()
            return task
        }
        gate.open()
        let outcome = await bounded(5) { try await late.value }
        #expect(outcome.code == .shutDown, "\(outcome)")
        #expect(await f2Eventually { log.entries == ["dispose late"] }, "\(log.entries)")
        #expect(await f2Eventually { built.value == nil })
    }

    /// Two tasks build two 300-deep chains of async singletons, `a0 → … → a299 → b0` and `b0 → … → b299 → a0`, each
    /// starting its own: a cycle across tasks. Neither hangs; each that fails says `cycle`; nothing half-built is
    /// kept; once the loop is broken, one resolve builds everything.
    @Test func aCycleAcrossTwoTasksDeepInTwoChains() async throws {
        let depth = 300
        let arrived = HostileCounter()
        let bothStarted = F2Gate()
        let container = Container()
        for chain in ["a", "b"] {
            let other = chain == "a" ? "b" : "a"
            for index in 0..<depth {
                let last = index == depth - 1
                container.register(F2Node.self, name: "\(chain)\(index)", scope: .singleton) {
                    (r: Resolution) async throws -> F2Node in
                    if last {
                        if arrived.increment() == 2 { bothStarted.open() }
                        await bothStarted.wait()
                        return F2Node(index, next: try await r.resolveAsync(F2Node.self, name: "\(other)0"))
                    }
                    return F2Node(index, next: try await r.resolveAsync(F2Node.self, name: "\(chain)\(index + 1)"))
                }
            }
        }
        let a = Task { try await container.resolveAsync(F2Node.self, name: "a0") }
        let b = Task { try await container.resolveAsync(F2Node.self, name: "b0") }
        let outcomes = [await bounded(10) { try await a.value }, await bounded(10) { try await b.value }]
        #expect(!outcomes.contains { $0.isHang })
        #expect(outcomes.contains { $0.code == .cycle }, "\(outcomes)")
        for outcome in outcomes {
            if let code = outcome.code { #expect(code == .cycle) }
            if let node = outcome.value { #expect(node.length == 2 * depth) }
        }
        container.register(F2Node.self, name: "b\(depth - 1)", scope: .singleton) { F2Node(depth - 1, next: nil) }
        let fixed = try await container.resolveAsync(F2Node.self, name: "a0")
        #expect(fixed.length == 2 * depth)
    }
}
