import Testing

@testable import Syringe

/// A service with an async initialiser, as a database connection has.
final class Database: Sendable {
    let url: String
    let id: Int
    private init(url: String, id: Int) {
        self.url = url
        self.id = id
    }
    static func connect(to url: String = "postgres://localhost", id: Int = 0) async throws -> Database {
        await Task.yield()  // a real suspension: the factory's frame must survive it
        return Database(url: url, id: id)
    }
}
final class Repository: Sendable {
    let database: Database
    let clock: any Clock
    init(database: Database, clock: any Clock) {
        self.database = database
        self.clock = clock
    }
}
protocol Clock: Sendable { var now: Int { get } }
struct FixedClock: Clock { let now = 42 }
final class AsyncA: Sendable { init(_ b: AsyncB?) {} }
final class AsyncB: Sendable { init(_ a: AsyncA?) {} }

@Suite("Async factories")
struct AsyncTests {
    @Test func anAsyncFactoryIsResolvedWithResolveAsync() async throws {
        let container = Container()
        let runs = Counter()
        container.register(Database.self) { r async throws in try await Database.connect(id: runs.increment()) }
        let first = try await container.resolveAsync(Database.self)
        let second: Database = try await container.resolveAsync()
        #expect(first.id == 1)
        #expect(second.id == 2)  // unique by default, as for every registration
    }

    @Test func anAsyncFactoryNeedsNoResolution() async throws {
        let container = Container()
        container.register(Database.self, name: "replica") { try await Database.connect(to: "postgres://replica") }
        #expect(try await container.resolveAsync(Database.self, name: "replica").url == "postgres://replica")
    }

    @Test func theSynchronousAPIThrowsAsyncRequiredImmediately() async throws {
        let container = Container()
        let line = #line + 1
        container.register(Database.self, scope: .singleton) { r async throws in try await Database.connect() }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Database.self) }
        #expect(error?.code == .asyncRequired)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Database` synchronously: its factory is async.
                  while resolving  Database
                  registered at  SyringeTests/AsyncTests.swift:\(line)
                  fix: use try await container.resolveAsync(Database.self).
                """)
        // Also once the singleton exists: the answer never depends on timing.
        _ = try await container.resolveAsync(Database.self)
        #expect(throws: ResolutionError.self) { try container.resolve(Database.self) }
        #expect(container.isRegistered(Database.self))
    }

    /// Found by a user who read only the README: the fix said to await, which a property wrapper cannot.
    @Test func aPropertyWrapperOfAnAsyncRegistrationIsToldWhatItCanDo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Reports {
                @Injected var database: Database
            }
            Container.withOverrides {
                $0.register(Database.self, scope: .singleton) { try await Database.connect() }
            } operation: {
                _ = Reports().database
            }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Syringe: cannot resolve `Database` synchronously: its factory is async."))
            #expect(
                text.contains(
                    "fix: use try await container.resolveAsync(Database.self) where its owner is made and pass the "
                        + "instance in (a property wrapper or a default argument cannot await), or give it a "
                        + "synchronous factory."))
        }
    }

    @Test func aSynchronousFactoryNeedingAnAsyncOneIsToldToBecomeAsync() throws {
        let container = Container()
        let line = #line + 1
        container.register(Database.self) { try await Database.connect() }
        container.register(Repository.self) { r in Repository(database: try r.resolve(), clock: FixedClock()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve `Database` synchronously: its factory is async.
                  while resolving  Repository → Database
                  registered at  SyringeTests/AsyncTests.swift:\(line)
                  fix: use try await container.resolveAsync(Database.self); inside a factory, make that factory \
                async and use try await r.resolveAsync(Database.self).
                """)
    }

    @Test func resolveAsyncResolvesSynchronousRegistrationsToo() async throws {
        let container = Container()
        container.register((any Clock).self, scope: .singleton) { FixedClock() }
        container.register(ProductionToken.self)
        #expect(try await container.resolveAsync((any Clock).self).now == 42)
        #expect(try await container.resolveAsync((any Token).self).value == "prod")  // found by conformance
        let optional: (any Clock)? = try await container.resolveAsync()
        #expect(optional?.now == 42)
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Service.self) }
        #expect(error?.code == .notRegistered)
    }

    @Test func anAsyncFactoryResolvesBothWays() async throws {
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        container.register(Database.self, scope: .singleton) { try await Database.connect() }
        container.register(Repository.self) { r async throws in
            let database = try await r.resolveAsync(Database.self)
            await Task.yield()
            return Repository(database: database, clock: try r.resolve())  // sync, after an await
        }
        let repository = try await container.resolveAsync(Repository.self)
        #expect(repository.clock.now == 42)
        #expect(try await repository.database === container.resolveAsync(Database.self))
        // Sync resolution stays await-free in async code.
        let clock = try container.resolve((any Clock).self)
        #expect(clock.now == 42)
    }

    @Test func aSynchronousResolveInsideAnAsyncFactoryJoinsItsPath() async throws {
        let container = Container()
        container.register(Database.self) { try await Database.connect() }
        let line = #line + 3
        container.register(Repository.self) { r async throws in
            let database = try await r.resolveAsync(Database.self)
            return Repository(database: database, clock: try r.resolve())
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Repository.self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Clock` (no registration).
                  while resolving  Repository → any Clock
                  requested at  SyringeTests/AsyncTests.swift:\(line)
                  fix: container.register((any Clock).self) { … }.
                """)
    }

    @Test func aCycleThroughAsyncFactoriesIsReported() async throws {
        let container = Container()
        container.register(AsyncA.self) { r async throws in AsyncA(try await r.resolveAsync(AsyncB.self)) }
        let line = #line + 1
        container.register(AsyncB.self, scope: .singleton) { r async throws in
            AsyncB(try await r.resolveAsync(AsyncA.self))
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncB.self) }
        #expect(error?.code == .cycle)
        #expect(
            error?.description == """
                Syringe: cannot resolve `AsyncB`: dependency cycle AsyncB → AsyncA → AsyncB.
                  while resolving  AsyncB → AsyncA → AsyncB
                  registered at  SyringeTests/AsyncTests.swift:\(line)
                  fix: break the cycle: register one side with scope: .graph and set its back-reference in \
                .onCreated { instance, r in … } instead of in its factory.
                """)
        // Nothing is left half-built: once the cycle is broken, both resolve.
        container.register(AsyncA.self) { AsyncA(nil) }
        _ = try await container.resolveAsync(AsyncB.self)
    }

    @Test func aCycleThroughAnAsyncAndASyncFactoryIsReported() async throws {
        let container = Container()
        container.register(AsyncA.self) { r async throws in AsyncA(try r.resolve(AsyncB.self)) }
        container.register(AsyncB.self) { r in AsyncB(try r.resolve(AsyncA.self)) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncA.self) }
        // A is on the path and its factory has not returned: a cycle (making B's factory async would only meet it).
        #expect(error?.code == .cycle)
        #expect(error?.path.map(\.description) == ["AsyncA", "AsyncB", "AsyncA"])
    }

    @Test func aThrowingAsyncFactoryIsAFactoryFailureWithThePath() async throws {
        let container = Container()
        let line = #line + 1
        container.register(Database.self) { () async throws -> Database in throw Failure(reason: "no network") }
        container.register(Repository.self) { r async throws in
            Repository(database: try await r.resolveAsync(), clock: FixedClock())
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Repository.self) }
        #expect(error?.code == .factoryFailed)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Database`: its factory threw Failure(no network).
                  while resolving  Repository → Database
                  registered at  SyringeTests/AsyncTests.swift:\(line)
                  fix: make the factory registered at SyringeTests/AsyncTests.swift:\(line) succeed, or catch the \
                error where you resolve (the original is `underlyingError`).
                """)
    }

    @Test func anAsyncSingletonIsKeptResetAndRebuiltAfterAFailure() async throws {
        let container = Container()
        let attempts = Counter()
        container.register(Database.self, scope: .singleton) {
            let attempt = attempts.increment()
            if attempt == 1 { throw Failure(reason: "first attempt") }
            return try await Database.connect(id: attempt)
        }
        await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Database.self) }
        let database = try await container.resolveAsync(Database.self)
        #expect(database.id == 2)
        #expect(try await container.resolveAsync(Database.self) === database)
        container.reset(Database.self)
        #expect(try await container.resolveAsync(Database.self).id == 3)
    }

    @Test func aParentsAsyncSingletonIsSharedWithItsChildren() async throws {
        let parent = Container()
        parent.register(Database.self, scope: .singleton) { try await Database.connect() }
        let child = Container(parent: parent)
        #expect(try await child.resolveAsync(Database.self) === parent.resolveAsync(Database.self))
    }

    @Test func graphInstancesAreSharedWithinOneAsyncResolve() async throws {
        final class Pair: Sendable {
            let left: Database
            let right: Database
            init(_ left: Database, _ right: Database) {
                self.left = left
                self.right = right
            }
        }
        let container = Container()
        container.register(Database.self, scope: .graph) { try await Database.connect() }
        container.register(Pair.self) { r async throws in
            Pair(try await r.resolveAsync(), try await r.resolveAsync())
        }
        let first = try await container.resolveAsync(Pair.self)
        let second = try await container.resolveAsync(Pair.self)
        #expect(first.left === first.right)
        #expect(first.left !== second.left)
    }

    @Test func onCreatedHooksRunOnAsyncRegistrations() async throws {
        final class Pool: @unchecked Sendable {  // @unchecked: set up by its hook before it is shared
            var clock: (any Clock)?
        }
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        container.register(Pool.self, scope: .singleton) { () async throws -> Pool in Pool() }
            .onCreated { pool, r in pool.clock = try r.resolve() }
        #expect(try await container.resolveAsync(Pool.self).clock?.now == 42)
    }
}
