import Foundation
import Testing

@testable import Syringe

/// Lets `parties` tasks wait until all of them have arrived, suspending rather than blocking.
final class AsyncBarrier: Sendable {
    private let arrived = Protected(0)
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() async throws {
        arrived.withLock { $0 += 1 }
        while arrived.withLock({ $0 }) < parties { try await Task.sleep(for: .milliseconds(1)) }
    }
}
final class PongA: Sendable { init(_ b: PongB?) {} }
final class PongB: Sendable { init(_ a: PongA?) {} }

/// The code of the error resolving `type` throws, or `nil` when it succeeds.
func errorCode<Service>(resolving type: Service.Type, in container: Container) async -> ResolutionError.Code? {
    do {
        _ = try await container.resolveAsync(type)
        return nil
    } catch {
        return (error as? ResolutionError)?.code
    }
}

/// Async races, each bounded in time. CI runs suites named with "Concurrency" under ThreadSanitizer too.
@Suite("Async Concurrency", .timeLimit(.minutes(1)))
struct AsyncConcurrencyTests {
    /// A registration replaced, again and again, by one with an async factory and back while tasks resolve it with
    /// `resolveAsync`: every resolve succeeds. Found broken by the mixed hostile run: a resolve that found the
    /// synchronous registration ran the synchronous engine, whose own look-up found the async one, and failed with
    /// "its factory is async" although its caller could await.
    @Test func aRegistrationSwitchingBetweenSyncAndAsyncFactoriesResolvesAsync() async throws {
        final class Switching: Sendable {}
        let container = Container()
        container.register(Switching.self) { Switching() }
        let done = Protected(false)
        let switcher = Thread {
            for round in 0..<4_000 {
                if round.isMultiple(of: 2) {
                    container.register(Switching.self) { () async throws in Switching() }
                } else {
                    container.register(Switching.self) { Switching() }
                }
            }
            done.withLock { $0 = true }
        }
        switcher.start()
        var failures: [ResolutionError.Code] = []
        var resolves = 0
        while !done.withLock({ $0 }) || resolves < 100 {
            do {
                _ = try await container.resolveAsync(Switching.self)
            } catch {
                failures.append((error as? ResolutionError)?.code ?? .factoryFailed)
            }
            resolves += 1
        }
        #expect(failures.count == 0, "of \(resolves) resolves: \(failures.prefix(3))")
    }

    @Test func anAsyncSingletonIsBuiltOnceWhen100TasksRace() async throws {
        let container = Container()
        let runs = Counter()
        container.register(Database.self, scope: .singleton) {
            let id = runs.increment()
            try await Task.sleep(for: .milliseconds(20))  // keep the build open while the others arrive
            return try await Database.connect(id: id)
        }
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try await container.resolveAsync(Database.self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(runs.count == 1)
        #expect(ids.count == 1)
    }

    @Test func aFailingAsyncSingletonDoesNotStrandItsWaiters() async throws {
        let container = Container()
        let attempts = Counter()
        container.register(Database.self, scope: .singleton) {
            let attempt = attempts.increment()
            try await Task.sleep(for: .milliseconds(10))
            if attempt == 1 { throw Failure(reason: "first attempt") }
            return try await Database.connect(id: attempt)
        }
        let outcomes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await container.resolveAsync(Database.self))?.id ?? -1 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        // Exactly one caller saw the failure; every other one got the single instance built after it.
        #expect(outcomes.filter { $0 == -1 }.count == 1)
        #expect(Set(outcomes.filter { $0 != -1 }).count == 1)
        #expect(attempts.count == 2)
    }

    @Test func aCycleSplitAcrossTwoTasksIsReportedNotAHang() async throws {
        let container = Container()
        let bothBuilding = AsyncBarrier(parties: 2)
        container.register(PongA.self, scope: .singleton) { r async throws in
            try await bothBuilding.arriveAndWait()
            return PongA(try await r.resolveAsync(PongB.self))
        }
        container.register(PongB.self, scope: .singleton) { r async throws in
            try await bothBuilding.arriveAndWait()
            return PongB(try await r.resolveAsync(PongA.self))
        }
        async let a = errorCode(resolving: PongA.self, in: container)
        async let b = errorCode(resolving: PongB.self, in: container)
        let codes = await [a, b]
        #expect(codes == [.cycle, .cycle])
        // Nothing half-built or stuck: once the cycle is broken, both resolve.
        container.register(PongB.self, scope: .singleton) { PongB(nil) }
        _ = try await container.resolveAsync(PongA.self)
    }

    @Test func theCrossTaskCycleMessageNamesTheLoop() async throws {
        let container = Container()
        let bothBuilding = AsyncBarrier(parties: 2)
        let builtB = Counter()
        container.register(PongA.self, scope: .singleton) { r async throws in
            try await bothBuilding.arriveAndWait()
            return PongA(try await r.resolveAsync(PongB.self))
        }
        container.register(PongB.self, scope: .singleton) { r async throws in
            builtB.increment()
            try await bothBuilding.arriveAndWait()
            try await Task.sleep(for: .milliseconds(50))  // A's task starts waiting for B first
            return PongB(try await r.resolveAsync(PongA.self))
        }
        async let first = try? container.resolveAsync(PongA.self)
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(PongB.self) }
        _ = await first
        #expect(error?.summary.hasPrefix("cannot resolve `PongA`: dependency cycle across threads or tasks") == true)
        #expect(error?.path.map(\.description) == ["PongB", "PongA"])
        #expect(builtB.count >= 1)
    }

    @Test func manyTasksResolveAMixedGraphConsistently() async throws {
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        container.register(Database.self, scope: .singleton) { try await Database.connect() }
        container.register(Repository.self) { r async throws in
            Repository(database: try await r.resolveAsync(), clock: try r.resolve())
        }
        let databases = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask { ObjectIdentifier(try await container.resolveAsync(Repository.self).database) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(databases.count == 1)
    }
}
