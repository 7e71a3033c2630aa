import Foundation
import Syringe

/// Records the order of events across threads and tasks.
final class Journal: Sendable {
    private let entries = Protected<[String]>([])
    func log(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A four-level graph: Repo → Pool → Driver → Config (each a class, disposal logged).
final class Config: Sendable {}
final class Driver: Sendable {
    let config: Config
    init(config: Config) { self.config = config }
}
final class Pool: Sendable {
    let driver: Driver
    init(driver: Driver) { self.driver = driver }
}
final class Repo: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
}

/// Registers the four levels in `scope`, each logging its disposal to `journal`.
func registerFourLevels(in container: Container, scope: Scope, journal: Journal) {
    container.register(Config.self, scope: scope) { Config() }.onDispose { _ in journal.log("Config") }
    container.register(Driver.self, scope: scope) { r in Driver(config: try r.resolve()) }
        .onDispose { _ in journal.log("Driver") }
    container.register(Pool.self, scope: scope) { r in Pool(driver: try r.resolve()) }
        .onDispose { _ in journal.log("Pool") }
    container.register(Repo.self, scope: scope) { r in Repo(pool: try r.resolve()) }
        .onDispose { _ in journal.log("Repo") }
}

/// A request's unit of work: its id tells requests apart, and it knows whether it was disposed of.
final class UnitOfWork: Sendable {
    static let live = Counter()
    static let ids = Counter()
    let id: Int
    private let disposed = Protected(false)

    init() {
        id = UnitOfWork.ids.increment()
        UnitOfWork.live.increment()
    }

    deinit { UnitOfWork.live.decrement() }

    func dispose() { disposed.withLock { $0 = true } }
    var isDisposed: Bool { disposed.withLock { $0 } }
}
