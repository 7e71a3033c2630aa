import Foundation
import Testing

@testable import Syringe

final class SlowSingleton: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
final class Upstream: Sendable {
    let downstream: Downstream
    init(downstream: Downstream) { self.downstream = downstream }
}
final class Downstream: Sendable {}
final class PingA: Sendable { init(_ b: PingB?) {} }
final class PingB: Sendable { init(_ a: PingA?) {} }

/// Stress tests: many threads and tasks, each bounded in time. CI runs this suite again under
/// ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`).
@Suite("Concurrency", .timeLimit(.minutes(1)))
struct ConcurrencyTests {
    @Test func aSingletonIsBuiltOnceWhen100TasksRace() async throws {
        let container = Container()
        let runs = Counter()
        container.register(SlowSingleton.self, scope: .singleton) {
            usleep(2_000)  // keep the build open while the others arrive
            return SlowSingleton(id: runs.increment())
        }
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try container.resolve(SlowSingleton.self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(runs.count == 1)
        #expect(ids.count == 1)
    }

    @Test func aSingletonIsBuiltOnceWhen32ThreadsRace() throws {
        let container = Container()
        let runs = Counter()
        container.register(SlowSingleton.self, scope: .singleton) {
            usleep(5_000)
            return SlowSingleton(id: runs.increment())
        }
        let barrier = Barrier(parties: 32)
        let seen = Collector<Int>()
        runOnThreads(32) { _ in
            barrier.arriveAndWait()
            if let singleton = try? container.resolve(SlowSingleton.self) { seen.append(singleton.id) }
        }
        #expect(runs.count == 1)
        #expect(seen.elements == Array(repeating: 1, count: 32))
    }

    @Test func nestedResolutionFromManyThreadsDoesNotDeadlock() throws {
        let container = Container()
        container.register(Downstream.self, scope: .singleton) {
            usleep(1_000)
            return Downstream()
        }
        container.register(Upstream.self, scope: .singleton) { r in
            usleep(1_000)
            return Upstream(downstream: try r.resolve())
        }
        container.register(Service.self) { r in
            _ = try r.resolve(Upstream.self)
            return Service()
        }
        let failures = Counter()
        runOnThreads(16) { index in
            for round in 0..<50 {
                do {
                    // Half the threads start from the top, half from the bottom of the chain.
                    if (index + round).isMultiple(of: 2) {
                        _ = try container.resolve(Service.self)
                    } else {
                        _ = try container.resolve(Downstream.self)
                    }
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
        let upstream = try container.resolve(Upstream.self)
        #expect(upstream.downstream === (try container.resolve(Downstream.self)))
    }

    @Test func aFactoryResolvingAKeyAnotherThreadIsBuildingWaitsForIt() throws {
        let container = Container()
        let downstreamStarted = Barrier(parties: 2)
        container.register(Downstream.self, scope: .singleton) {
            downstreamStarted.arriveAndWait()
            usleep(20_000)  // thread 0 builds Downstream slowly
            return Downstream()
        }
        container.register(Upstream.self, scope: .singleton) { r in
            Upstream(downstream: try r.resolve())  // thread 1 needs it while it is being built
        }
        let results = Collector<ObjectIdentifier>()
        runOnThreads(2) { index in
            if index == 0 {
                if let downstream = try? container.resolve(Downstream.self) {
                    results.append(ObjectIdentifier(downstream))
                }
            } else {
                downstreamStarted.arriveAndWait()
                if let upstream = try? container.resolve(Upstream.self) {
                    results.append(ObjectIdentifier(upstream.downstream))
                }
            }
        }
        #expect(results.elements.count == 2)
        #expect(Set(results.elements).count == 1)
    }

    @Test func aCycleSplitAcrossTwoThreadsIsReportedNotADeadlock() throws {
        let container = Container()
        let bothBuilding = Barrier(parties: 2)
        container.register(PingA.self, scope: .singleton) { r in
            bothBuilding.arriveAndWait()
            return PingA(try r.resolve(PingB.self))
        }
        container.register(PingB.self, scope: .singleton) { r in
            bothBuilding.arriveAndWait()
            return PingB(try r.resolve(PingA.self))
        }
        let codes = Collector<ResolutionError.Code>()
        runOnThreads(2) { index in
            do {
                if index == 0 { _ = try container.resolve(PingA.self) } else { _ = try container.resolve(PingB.self) }
            } catch let error as ResolutionError {
                codes.append(error.code)
            } catch {
                Issue.record("not a ResolutionError: \(error)")
            }
        }
        #expect(codes.elements == [.cycle, .cycle])
        // Nothing half-built or stuck: after the cycle is broken, both resolve.
        container.register(PingB.self, scope: .singleton) { PingB(nil) }
        #expect(throws: Never.self) { try container.resolve(PingA.self) }
    }

    @Test func concurrentRegisterAndResolveForABoundedTime() throws {
        let container = Container()
        container.register(Service.self, scope: .cached) { Service(id: 0) }
        let deadline = Date().addingTimeInterval(0.5)
        let unexpected = Collector<String>()
        runOnThreads(8) { index in
            var round = 0
            while Date() < deadline {
                round += 1
                switch index % 4 {
                case 0:
                    // Re-registers the shared key with a new identity.
                    let id = round
                    container.register(Service.self, scope: .cached) { Service(id: id) }
                case 1:
                    // Adds keys of its own.
                    container.register(Service.self, name: "t\(index)-\(round % 64)") { Service(id: index) }
                case 2:
                    container.reset(.cached)
                default:
                    break
                }
                do {
                    _ = try container.resolve(Service.self)
                    if round > 1, index % 4 == 1 {
                        let own = try container.resolve(Service.self, name: "t\(index)-\((round - 1) % 64)")
                        if own.id != index { unexpected.append("wrong instance for t\(index)") }
                    }
                } catch {
                    unexpected.append("\(error)")
                }
            }
        }
        #expect(unexpected.elements.isEmpty)
    }

    @Test func graphCyclesClosedByOnCreatedHoldOnManyThreads() throws {
        let container = Container()
        container.register(Parent.self, scope: .graph) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
        let broken = Counter()
        runOnThreads(16) { index in
            for _ in 0..<200 {
                if index.isMultiple(of: 2) {
                    guard let parent = try? container.resolve(Parent.self), parent.child?.parent === parent else {
                        broken.increment()
                        continue
                    }
                } else {
                    guard let child = try? container.resolve(Child.self), child.parent.child === child else {
                        broken.increment()
                        continue
                    }
                }
            }
        }
        #expect(broken.count == 0)
    }

    @Test func aFailingSingletonDoesNotStrandWaiters() throws {
        let container = Container()
        let attempts = Counter()
        container.register(SlowSingleton.self, scope: .singleton) {
            usleep(2_000)
            let attempt = attempts.increment()
            if attempt == 1 { throw Failure(reason: "first attempt") }
            return SlowSingleton(id: attempt)
        }
        let outcomes = Collector<Int>()
        runOnThreads(8) { _ in
            outcomes.append((try? container.resolve(SlowSingleton.self))?.id ?? -1)
        }
        // Exactly one caller saw the failure; every other one got the single instance built after it.
        #expect(outcomes.elements.filter { $0 == -1 }.count == 1)
        #expect(Set(outcomes.elements.filter { $0 != -1 }).count == 1)
    }
}
