import Testing

@testable import Syringe

private final class RootSession: Sendable {
    let version: Int
    init(version: Int) { self.version = version }
}

private protocol RootGreeter: Sendable { var word: String { get } }
private final class RootHello: RootGreeter {
    let word = "hello"
}

/// `resolveAsync` of an async registration of a container with no parent builds with the registration its first
/// lookup found (no second lookup): what it builds, keeps and disposes of is what the general path gives, a
/// replacement is seen by the next resolve, and a child container, a policy or a forwarded type still take the
/// general path.
@Suite("Async resolves in a root container", .timeLimit(.minutes(1)))
struct ResolveAsyncRootTests {
    @Test func eachScopeIsKeptAndDisposedOfAsBefore() async throws {
        let container = Container()
        let disposed = Journal()
        container.register(RootSession.self) { _ async in RootSession(version: 1) }
        container.register(Config.self, scope: .singleton) { _ async in Config() }
        container.register(UnitOfWork.self, scope: .request) { _ async in UnitOfWork() }
            .onDispose { work in disposed.log("work \(work.id)") }

        let first = try await container.resolveAsync(RootSession.self)
        #expect(try await container.resolveAsync(RootSession.self) !== first)
        let config = try await container.resolveAsync(Config.self)
        #expect(try await container.resolveAsync(Config.self) === config)

        let scope = container.openScope(.request)
        let work = try await scope.withCurrent { try await container.resolveAsync(UnitOfWork.self) }
        #expect(try await scope.withCurrent { try await container.resolveAsync(UnitOfWork.self) } === work)
        try await scope.close()
        #expect(disposed.all == ["work \(work.id)"])
    }

    @Test func aReplacementIsBuiltByTheNextResolve() async throws {
        let container = Container()
        container.register(RootSession.self) { _ async in RootSession(version: 1) }
        #expect(try await container.resolveAsync(RootSession.self).version == 1)
        container.register(RootSession.self) { _ async in RootSession(version: 2) }
        #expect(try await container.resolveAsync(RootSession.self).version == 2)
    }

    @Test func aChildContainerResolvesItsParentsAsyncRegistrations() async throws {
        let parent = Container()
        parent.register(RootSession.self) { _ async in RootSession(version: 7) }
        parent.register(Config.self, scope: .singleton) { _ async in Config() }
        let child = Container(parent: parent)
        #expect(try await child.resolveAsync(RootSession.self).version == 7)
        #expect(try await child.resolveAsync(Config.self) === parent.resolveAsync(Config.self))
    }

    @Test func aForwardedTypeResolvesThroughItsTarget() async throws {
        let container = Container()
        container.register(RootHello.self) { _ async in RootHello() }.forwarding((any RootGreeter).self)
        #expect(try await container.resolveAsync((any RootGreeter).self).word == "hello")
    }

    @Test func aFailingFactoryIsReportedWithItsKey() async throws {
        struct Offline: Error {}
        let container = Container()
        container.register(RootSession.self) { _ async throws -> RootSession in throw Offline() }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(RootSession.self) }
        #expect(error?.description.contains("RootSession") == true)
        #expect(error?.description.contains("Offline") == true)
        // The container stays usable: a working registration resolves after the failure.
        container.register(RootSession.self) { _ async in RootSession(version: 3) }
        #expect(try await container.resolveAsync(RootSession.self).version == 3)
    }

    @Test func concurrentFirstResolvesOfAnAsyncSingletonBuildOnce() async throws {
        let container = Container()
        let builds = Counter()
        container.register(Config.self, scope: .singleton) { _ async in
            _ = builds.increment()
            await Task.yield()
            return Config()
        }
        let instances = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 { group.addTask { ObjectIdentifier(try await container.resolveAsync(Config.self)) } }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(instances.count == 1)
        #expect(builds.count == 1)
    }
}
