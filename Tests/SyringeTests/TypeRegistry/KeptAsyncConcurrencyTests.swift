import Testing

@testable import Syringe

/// `resolveAsync` of a kept instance reads it without the async engine: a published one (of a synchronous
/// registration) without a lock, one of an async or main-actor registration under its slot's lock. Whichever way,
/// the answer is the one the engine gives: the same instance for every task, a parent's through a child, a test
/// container's own, a new one after a reset, an error after shutdown.
@Suite("Kept instances through resolveAsync (Concurrency)", .timeLimit(.minutes(1)))
struct KeptAsyncConcurrencyTests {
    final class Pool: Sendable {
        let id: Int
        init(id: Int) async { self.id = id }
    }

    final class Clock: Sendable {}

    @Test func manyTasksReadTheOneKeptInstance() async throws {
        let container = Container()
        let builds = Counter()
        container.register(Pool.self, scope: .singleton) { await Pool(id: builds.increment()) }
        container.register(Pool.self, name: "replica", scope: .singleton) { await Pool(id: 100) }
        container.register(Clock.self, scope: .singleton) { Clock() }
        let seen = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<50 {
                group.addTask {
                    var seen: [ObjectIdentifier] = []
                    for _ in 0..<200 {
                        seen.append(ObjectIdentifier(try await container.resolveAsync(Pool.self)))
                        seen.append(ObjectIdentifier(try await container.resolveAsync(Clock.self)))
                        #expect(try await container.resolveAsync(Pool.self, name: "replica").id == 100)
                    }
                    return seen
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
        }
        #expect(builds.count == 1)
        #expect(seen.count == 2)  // one pool, one clock
        #expect(try await container.resolveAsync(Pool.self) === (try await container.resolveAsync(Pool.self)))
    }

    @Test func aChildReadsItsParentsInstanceAndATestContainerKeepsItsOwn() async throws {
        let parent = Container()
        parent.register(Pool.self, scope: .singleton) { await Pool(id: 1) }
        let kept = try await parent.resolveAsync(Pool.self)
        let child = Container(parent: parent)
        #expect(try await child.resolveAsync(Pool.self) === kept)
        let test = Container(parent: parent, policy: TestPolicy())
        let own = try await test.resolveAsync(Pool.self)
        #expect(own !== kept)
        #expect(try await test.resolveAsync(Pool.self) === own)
        // A child of the test container reads the test container's instance, not the parent's.
        #expect(try await Container(parent: test).resolveAsync(Pool.self) === own)
    }

    @Test func aResetOrAShutdownIsSeenAtOnce() async throws {
        let container = Container()
        let builds = Counter()
        container.register(Pool.self, scope: .cached) { await Pool(id: builds.increment()) }
        let first = try await container.resolveAsync(Pool.self)
        #expect(try await container.resolveAsync(Pool.self) === first)
        container.reset(.cached)
        let second = try await container.resolveAsync(Pool.self)
        #expect(second !== first && second.id == 2)
        try await container.shutdown()
        await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Pool.self) }
    }

    @Test func aFactoryResolvingAKeptInstanceStillJoinsItsResolution() async throws {
        final class Service: Sendable {
            let pool: Pool
            init(pool: Pool) { self.pool = pool }
        }
        let container = Container()
        container.register(Pool.self, scope: .singleton) { await Pool(id: 7) }
        container.register(Service.self) { r async throws in Service(pool: try await r.resolveAsync()) }
        let pool = try await container.resolveAsync(Pool.self)
        #expect(try await container.resolveAsync(Service.self).pool === pool)
        // A request-scoped registration is never read this way: each scope has its own.
        let request = Scope("kept-async-request")
        container.register(Clock.self, scope: request) { Clock() }
        let outside = try await container.resolveAsync(Clock.self)
        let inside = try await container.withScope(request) { try await container.resolveAsync(Clock.self) }
        #expect(inside !== outside)
    }
}
