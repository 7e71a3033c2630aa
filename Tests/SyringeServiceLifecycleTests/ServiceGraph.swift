#if ServiceLifecycle
import ServiceLifecycle
import Syringe
import SyringeServiceLifecycle

/// What happened, in order, across every service and hook of one test.
final class Events: Sendable {
    private let recorded = Protected<[String]>([])

    func record(_ event: String) { recorded.withLock { $0.append(event) } }
    var all: [String] { recorded.withLock { $0 } }

    /// Waits (up to 10 s) until `event` has been recorded.
    func waitFor(_ event: String) async throws {
        for _ in 0..<1_000 {
            if all.contains(event) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw WaitTimedOut(event: event, seen: all)
    }
}

struct WaitTimedOut: Error { let event: String; let seen: [String] }
struct StartFailed: Error, Equatable {}

/// A service that records its start and stop; it runs until a graceful shutdown (or cancellation), or fails
/// at once when told to.
class RecordingService: Service, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` of a Sendable type; subclasses add only `let`s.
    let name: String
    let events: Events
    let failsToStart: Bool

    init(_ name: String, events: Events, failsToStart: Bool = false) {
        self.name = name
        self.events = events
        self.failsToStart = failsToStart
    }

    var description: String { name }

    func run() async throws {
        events.record("start \(name)")
        if failsToStart {
            events.record("fail \(name)")
            throw StartFailed()
        }
        try? await gracefulShutdown()
        events.record("stop \(name)")
    }
}

// @unchecked Sendable: as RecordingService; it adds only `let`s of Sendable types.
final class Database: RecordingService, @unchecked Sendable {
    let pool: ConnectionPool
    init(pool: ConnectionPool, events: Events) {
        self.pool = pool
        super.init("Database", events: events)
    }
}

// @unchecked Sendable: as RecordingService; it adds only `let`s of Sendable types.
final class Cache: RecordingService, @unchecked Sendable {
    let database: Database
    init(database: Database, events: Events) {
        self.database = database
        super.init("Cache", events: events)
    }
}

// @unchecked Sendable: as RecordingService; it adds only `let`s of Sendable types.
final class JobQueue: RecordingService, @unchecked Sendable {
    let database: Database
    let cache: Cache
    init(database: Database, cache: Cache, events: Events, failsToStart: Bool) {
        self.database = database
        self.cache = cache
        super.init("JobQueue", events: events, failsToStart: failsToStart)
    }
}

// @unchecked Sendable: as RecordingService; it adds only `let`s of Sendable types.
final class HTTPServer: RecordingService, @unchecked Sendable {
    let queue: JobQueue
    let cache: Cache
    init(queue: JobQueue, cache: Cache, events: Events) {
        self.queue = queue
        self.cache = cache
        super.init("HTTPServer", events: events)
    }
}

/// A service that nothing depends on.
// @unchecked Sendable: as RecordingService; it adds only `let`s of Sendable types.
final class Metrics: RecordingService, @unchecked Sendable {}

/// Not a service: a plain singleton the database is built on, closed by its `onDispose` hook.
final class ConnectionPool: Sendable {}

/// The 4-service graph, registered in an order unrelated to its dependencies:
/// HTTPServer → JobQueue, Cache; JobQueue → Database, Cache; Cache → Database; Database → ConnectionPool.
func makeContainer(events: Events, queueFailsToStart: Bool = false) -> Container {
    let container = Container()
    container.registerLifecycleService(HTTPServer.self) { r async throws in
        HTTPServer(queue: try await r.resolveAsync(), cache: try await r.resolveAsync(), events: events)
    }
    .onDispose { _ in events.record("dispose HTTPServer") }
    container.registerLifecycleService(JobQueue.self) { r async throws in
        JobQueue(
            database: try await r.resolveAsync(), cache: try await r.resolveAsync(), events: events,
            failsToStart: queueFailsToStart)
    }
    container.registerLifecycleService(Cache.self) { r async throws in
        Cache(database: try await r.resolveAsync(), events: events)
    }
    container.register(ConnectionPool.self, scope: .singleton) { ConnectionPool() }
        .onDispose { _ in events.record("dispose ConnectionPool") }
    // A synchronous factory, resolved from the async ones above.
    container.registerLifecycleService(Database.self) { r in Database(pool: try r.resolve(), events: events) }
    return container
}
#endif
