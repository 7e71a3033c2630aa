#if Hummingbird
import NIOConcurrencyHelpers
import SQLiteNIO

/// One request's transaction: begun on first use, committed by the handler, rolled back when the request ends
/// without a commit (its `onDispose` hook, or `finish()` when wired by hand).
final class UnitOfWork: Sendable {
    enum State {
        case idle
        case open(SQLiteConnection)
        case finished
    }

    let id: Int
    private let database: TodoDatabase
    private let stats: Stats
    private let state = NIOLockedValueBox(State.idle)

    init(database: TodoDatabase, stats: Stats) {
        self.database = database
        self.stats = stats
        id = stats.unitOfWorkCreated()
    }

    /// The connection, inside this unit's transaction.
    func connection() async throws -> SQLiteConnection {
        switch state.withLockedValue({ $0 }) {
        case .open(let connection): return connection
        case .finished: throw UnitOfWorkFinished()
        case .idle: break
        }
        let connection = await database.borrow()
        do {
            _ = try await connection.query("BEGIN")
        } catch {
            database.giveBack()
            throw error
        }
        state.withLockedValue { $0 = .open(connection) }
        return connection
    }

    func commit() async throws {
        guard case .open(let connection) = state.withLockedValue({ $0 }) else { return }
        state.withLockedValue { $0 = .finished }
        defer { database.giveBack() }
        _ = try await connection.query("COMMIT")
        stats.committed()
    }

    /// Rolls back a transaction still open; counts the end of this unit of work.
    func rollbackIfOpen() async {
        let open = state.withLockedValue { state -> SQLiteConnection? in
            defer { state = .finished }
            if case .open(let connection) = state { return connection }
            return nil
        }
        if let open {
            _ = try? await open.query("ROLLBACK")
            database.giveBack()
            stats.rolledBack()
        }
        stats.unitOfWorkDisposed()
    }
}

struct UnitOfWorkFinished: Error {}

/// Counts what the server created and disposed of, for its tests.
final class Stats: Sendable {
    struct Counts: Equatable, Sendable {
        var unitsOfWork = 0
        var unitsOfWorkDisposed = 0
        var commits = 0
        var rollbacks = 0
        var requestLogs = 0
        var requestLogsDisposed = 0
    }

    private let counts = NIOLockedValueBox(Counts())

    var current: Counts { counts.withLockedValue { $0 } }

    func unitOfWorkCreated() -> Int {
        counts.withLockedValue { counts in
            counts.unitsOfWork += 1
            return counts.unitsOfWork
        }
    }

    func unitOfWorkDisposed() { counts.withLockedValue { $0.unitsOfWorkDisposed += 1 } }
    func committed() { counts.withLockedValue { $0.commits += 1 } }
    func rolledBack() { counts.withLockedValue { $0.rollbacks += 1 } }
    func requestLogCreated() { counts.withLockedValue { $0.requestLogs += 1 } }
    func requestLogDisposed() { counts.withLockedValue { $0.requestLogsDisposed += 1 } }
}
#endif
