#if Hummingbird
import Logging
import NIOConcurrencyHelpers
import SQLiteNIO

/// The todo database: one SQLite file, one connection, lent to one unit of work at a time (SQLite has one
/// writer anyway). Closed last, when the server shuts down.
final class TodoDatabase: Sendable {
    let path: String
    private let connection: SQLiteConnection
    private let lease = Lease()
    private let state = NIOLockedValueBox(false)

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = connection
    }

    /// Opens (or creates) the database file and its table.
    static func open(path: String, logger: Logger) async throws -> TodoDatabase {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        _ = try await connection.query("PRAGMA journal_mode=WAL")
        _ = try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS todos
                (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)
            """)
        return TodoDatabase(path: path, connection: connection)
    }

    /// Whether ``close()`` has run.
    var isClosed: Bool { state.withLockedValue { $0 } }

    /// Waits for the connection, then keeps it until ``giveBack()``.
    func borrow() async -> SQLiteConnection {
        await lease.acquire()
        return connection
    }

    func giveBack() {
        lease.release()
    }

    /// A statement outside any unit of work (the health check).
    func ping() async throws -> Bool {
        let connection = await borrow()
        defer { giveBack() }
        return try await connection.query("SELECT 1 AS one").first?.column("one")?.integer == 1
    }

    func close() async throws {
        await lease.acquire()
        defer { lease.release() }
        guard !isClosed else { return }
        try await connection.close()
        state.withLockedValue { $0 = true }
    }
}

/// A first-come, first-served lock for async code.
final class Lease: Sendable {
    private struct State {
        var busy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLockedValue { state -> Bool in
                if !state.busy {
                    state.busy = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.busy = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
#endif
