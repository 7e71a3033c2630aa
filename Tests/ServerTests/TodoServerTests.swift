#if Hummingbird
import AsyncHTTPClient
import Foundation
import NIOHTTP1
import SQLiteNIO
import Syringe
import Testing
@testable import TodoServer

/// The example server over real HTTP on loopback: the CRUD flow, 200 concurrent requests, and a graceful stop
/// that closes the database last with the data on disk.
@Suite("TodoServer over HTTP")
struct TodoServerTests {
    @Test func crudFlowHealthAndAGracefulStop() async throws {
        let server = try await RunningTodoServer.start()
        let client = makeClient()
        defer { _ = client.shutdown() }

        #expect(try await client.send(.GET, server.url("/health")).status == 200)
        #expect(try await client.send(.GET, server.url("/todos")).decoded([Todo].self) == [])

        let milk = try await client.send(.POST, server.url("/todos"), json: #"{"title":"buy milk"}"#)
        #expect(milk.status == 201)
        #expect(try milk.decoded(Todo.self) == Todo(id: 1, title: "buy milk", done: false))
        _ = try await client.send(.POST, server.url("/todos"), json: #"{"title":"write tests"}"#)

        let done = try await client.send(.POST, server.url("/todos/1/complete"))
        #expect(try done.decoded(Todo.self) == Todo(id: 1, title: "buy milk", done: true))

        // A failing request rolls its unit of work back.
        #expect(try await client.send(.POST, server.url("/todos/99/complete")).status == 404)
        #expect(try await client.send(.POST, server.url("/todos"), json: #"{"title":""}"#).status == 400)

        let list = try await client.send(.GET, server.url("/todos")).decoded([Todo].self)
        #expect(list == [Todo(id: 1, title: "buy milk", done: true), Todo(id: 2, title: "write tests", done: false)])

        let database = try await server.container.resolveAsync(TodoDatabase.self)
        try await server.stop()
        #expect(database.isClosed)
        let counts = server.stats.current
        #expect(counts.unitsOfWork == counts.unitsOfWorkDisposed)
        #expect(counts.requestLogs == counts.requestLogsDisposed)
        #expect(counts.rollbacks == 1)  // the 404; the 400 failed before touching the database
        #expect(try await rows(in: server.databasePath) == list)
    }

    @Test func twoHundredConcurrentRequestsEachHaveTheirOwnUnitOfWork() async throws {
        let server = try await RunningTodoServer.start()
        let client = makeClient()
        defer { _ = client.shutdown() }

        let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
            for index in 0..<200 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? try await client.send(.POST, server.url("/todos"), json: #"{"title":"todo \#(index)"}"#)
                        : try await client.send(.GET, server.url("/todos"))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.allSatisfy { $0.status == 200 || $0.status == 201 })
        let units = Set(replies.compactMap { $0.headers["x-unit-of-work"] })
        let requests = Set(replies.compactMap { $0.headers["x-request-id"] })
        #expect(units.count == 200)
        #expect(requests.count == 200)

        try await server.stop()
        let counts = server.stats.current
        #expect(counts.unitsOfWork == 200)
        #expect(counts.unitsOfWorkDisposed == 200)
        #expect(counts.commits == 200)
        #expect(counts.rollbacks == 0)
        #expect(counts.requestLogs == 200)
        #expect(counts.requestLogsDisposed == 200)
        #expect(try await rows(in: server.databasePath).count == 100)
    }

    /// The todos in the database file, read by a connection of its own after the server has closed it.
    func rows(in path: String) async throws -> [Todo] {
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))  // closed cleanly: the log was merged
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        defer { Task { try await connection.close() } }
        return try await connection.query("SELECT id, title, done FROM todos ORDER BY id").map { row in
            Todo(
                id: row.column("id")?.integer ?? -1, title: row.column("title")?.string ?? "",
                done: row.column("done")?.integer == 1)
        }
    }
}
#endif
