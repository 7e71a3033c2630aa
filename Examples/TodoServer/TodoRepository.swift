#if Hummingbird
import Hummingbird
import Logging
import SQLiteNIO

struct Todo: ResponseCodable, Equatable {
    var id: Int
    var title: String
    var done: Bool
}

struct NewTodo: Decodable {
    var title: String
}

/// The SQL of todos, over the database; each statement runs in the caller's unit of work.
final class TodoRepository: Sendable {
    let database: TodoDatabase

    init(database: TodoDatabase) {
        self.database = database
    }

    func all(in work: UnitOfWork) async throws -> [Todo] {
        try await work.connection().query("SELECT id, title, done FROM todos ORDER BY id").map(Self.todo)
    }

    func add(_ title: String, in work: UnitOfWork) async throws -> Todo {
        let rows = try await work.connection().query(
            "INSERT INTO todos (title) VALUES (?) RETURNING id, title, done", [.text(title)])
        return try Self.todo(rows[0])
    }

    func complete(_ id: Int, in work: UnitOfWork) async throws -> Todo? {
        let rows = try await work.connection().query(
            "UPDATE todos SET done = 1 WHERE id = ? RETURNING id, title, done", [.integer(id)])
        return try rows.first.map(Self.todo)
    }

    func isHealthy() async -> Bool {
        (try? await database.ping()) ?? false
    }

    private static func todo(_ row: SQLiteRow) throws -> Todo {
        guard let id = row.column("id")?.integer, let title = row.column("title")?.string,
            let done = row.column("done")?.integer
        else { throw HTTPError(.internalServerError, message: "malformed todo row") }
        return Todo(id: id, title: title, done: done != 0)
    }
}

/// A request's logger, with the request id in its metadata; disposed with the request.
final class RequestLog: Sendable {
    let logger: Logger
    let requestID: String
    private let stats: Stats

    init(logger: Logger, requestID: String, stats: Stats) {
        self.logger = logger
        self.requestID = requestID
        self.stats = stats
        stats.requestLogCreated()
    }

    func finish() {
        stats.requestLogDisposed()
    }
}

/// What a route uses: the request's unit of work, the repository, and the request's log.
struct TodoService: Sendable {
    let work: UnitOfWork
    let repository: TodoRepository
    let log: RequestLog

    /// The registration's function: async, so that its dependencies are resolved with `resolveAsync`.
    static func make(work: UnitOfWork, repository: TodoRepository, log: RequestLog) async -> TodoService {
        TodoService(work: work, repository: repository, log: log)
    }

    func list() async throws -> [Todo] {
        let todos = try await repository.all(in: work)
        try await work.commit()
        return todos
    }

    func add(_ title: String) async throws -> Todo {
        guard !title.isEmpty else { throw HTTPError(.badRequest, message: "a todo needs a title") }
        let todo = try await repository.add(title, in: work)
        try await work.commit()
        log.logger.info("added todo \(todo.id)")
        return todo
    }

    func complete(_ id: Int) async throws -> Todo {
        guard let todo = try await repository.complete(id, in: work) else {
            throw HTTPError(.notFound, message: "no todo \(id)")  // rolled back when the request ends
        }
        try await work.commit()
        return todo
    }
}
#endif
