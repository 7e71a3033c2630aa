import Foundation
import Syringe
import Testing

// The code a user writes first, without reading the docs: shapes that must compile and do what they say.

actor HDatabase {
    let url: String
    private(set) var isOpen = true
    init(url: String) { self.url = url }
    static func connect(url: String = "sqlite://memory") async throws -> HDatabase {
        try await Task.sleep(for: .milliseconds(1))
        return HDatabase(url: url)
    }
    func close() { isOpen = false }
}

final class HRepository: Sendable {
    let database: HDatabase
    init(database: HDatabase) { self.database = database }
}

protocol HPlugin: Sendable { var name: String { get } }
struct HNamedPlugin: HPlugin { let name: String }

final class HLogger: Sendable {
    let lines = HJournal()
    func log(_ line: String) { lines.log(line) }
}

final class HFlusher: Sendable {
    let logger: HLogger
    init(logger: HLogger) { self.logger = logger }
}

@MainActor
final class HViewModel {
    let repository: HRepository
    var title = "Todos"
    init(repository: HRepository) { self.repository = repository }
}

struct HDatabaseModule: Module {
    var registrations: some Registrations {
        Register(HDatabase.self, scope: .singleton) { try await HDatabase.connect() }
            .onDispose { database in await database.close() }
        Register(HRepository.self) { r in HRepository(database: try await r.resolveAsync()) }
    }
}

@Suite("Hostile: the code a user writes first", .timeLimit(.minutes(1)))
struct HostileNaturalCodeTests {
    @Test func asyncFactoriesWithoutR() async throws {
        let container = Container()
        container.register(HDatabase.self, scope: .singleton) { try await HDatabase.connect() }
            .onDispose { database in await database.close() }
        container.register(HRepository.self) { r in HRepository(database: try await r.resolveAsync()) }
        container.contribute(HPlugin.self) { HNamedPlugin(name: "sync") }
        container.contribute(HPlugin.self) { _ in
            try await Task.sleep(for: .milliseconds(1))
            return HNamedPlugin(name: "async")
        }
        let repository = try await container.resolveAsync(HRepository.self)
        let again = try await container.resolveAsync(HRepository.self)
        #expect(repository.database === again.database)
        #expect(try await container.resolveAllAsync(HPlugin.self).map(\.name) == ["sync", "async"])
        try await container.shutdown()
        #expect(await repository.database.isOpen == false)
    }

    @Test func theSameInAModule() async throws {
        let container = Container { HDatabaseModule() }
        try await container.buildAsync()
        let repository = try await container.resolveAsync(HRepository.self)
        try await container.shutdown()
        #expect(await repository.database.isOpen == false)
    }

    @Test @MainActor func aMainActorViewModel() async throws {
        let container = Container { HDatabaseModule() }
        container.register(HViewModel.self) { @MainActor r in
            HViewModel(repository: try r.resolve())
        }
        // The repository's factory is async, so the synchronous main-actor factory cannot build it: a clear
        // error, and the async API works.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HViewModel.self) }
        #expect(error?.code == .asyncRequired)
        container.register(HViewModel.self) { @MainActor r async throws in
            HViewModel(repository: try await r.resolveAsync())
        }
        let viewModel = try await container.resolveAsync(HViewModel.self)
        #expect(viewModel.title == "Todos")
    }

    /// A hook that needs another singleton resolves it through `r` when it is created, keeps it, and uses
    /// it at disposal: the dependency is still alive (disposed of after its dependents).
    @Test func aDisposeHookUsesWhatItsInstanceKept() async throws {
        let container = Container()
        container.register(HLogger.self, scope: .singleton) { HLogger() }
            .onDispose { $0.log("logger closed") }
        container.register(HFlusher.self, scope: .singleton) { r in HFlusher(logger: try r.resolve()) }
            .onDispose { $0.logger.log("flushed") }
        let logger = try container.resolve(HFlusher.self).logger
        try await container.shutdown()
        #expect(logger.lines.entries == ["flushed", "logger closed"])
    }

    /// The same hook written to resolve the logger through the container at disposal time: during
    /// `shutdown()` the container refuses kept registrations, so the hook's failure is reported (not a hang,
    /// not a crash), and the other hooks still run.
    @Test func aDisposeHookThatResolvesDuringShutdown() async throws {
        let container = Container()
        let journal = HJournal()
        container.register(HLogger.self, scope: .singleton) { HLogger() }
            .onDispose { _ in journal.log("logger closed") }
        container.register(HFlusher.self, scope: .singleton) { r in HFlusher(logger: try r.resolve()) }
            .onDispose { _ in
                try container.resolve(HLogger.self).log("flushed")
                journal.log("flushed")
            }
        _ = try container.resolve(HFlusher.self)
        let outcome = await bounded(5) { try await container.shutdown() }
        #expect(!outcome.isHang)
        #expect(journal.entries.last == "logger closed")
    }

    /// A subclass registered for its superclass, a protocol registered without `any`, an existential without
    /// a registration: what resolves and what the error says.
    @Test func typesAsUsersSpellThem() throws {
        class Vehicle: @unchecked Sendable {}
        final class Truck: Vehicle, @unchecked Sendable {}
        let container = Container()
        container.register(Vehicle.self) { Truck() }
        container.register(HPlugin.self) { HNamedPlugin(name: "bare") }
        #expect(try container.resolve(Vehicle.self) is Truck)
        #expect(try container.resolve((any HPlugin).self).name == "bare")
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Truck.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.description.contains("fix: container.register(Truck.self)") == true)
    }

    /// Generic services: `Box<Int>` and `Box<String>` are two keys.
    @Test func genericServicesAreDistinctKeys() throws {
        struct Box<T: Sendable>: Sendable { let value: T }
        let container = Container()
        container.register(Box<Int>.self) { Box(value: 1) }
        container.register(Box<String>.self) { Box(value: "one") }
        #expect(try container.resolve(Box<Int>.self).value == 1)
        #expect(try container.resolve(Box<String>.self).value == "one")
        #expect(container.resolveIfRegistered(Box<Double>.self) == nil)
    }

    /// Registering the same key from many threads while others resolve it (app start-up on several threads).
    @Test func registeringFromManyThreads() async {
        let container = Container()
        let outcomes = await boundedOnThreads(8, seconds: 20) { index -> Bool in
            for round in 0..<300 {
                container.register(HNamedPlugin.self, name: "\(round % 10)") { HNamedPlugin(name: "\(index)") }
                _ = try? container.resolve(HNamedPlugin.self, name: "\((round + 5) % 10)")
            }
            return true
        }
        #expect(outcomes.allSatisfy { $0.value == true })
        #expect(container.registrations.count == 10)
    }
}
