#if Hummingbird
import Hummingbird
import ServiceLifecycle
import Syringe
import SyringeHummingbird
import SyringeServiceLifecycle

/// The server's graph in Syringe: the database (closed last), the repository, and per request a unit of work
/// and a log, disposed of when the route's handler returns.
enum SyringeWiring {
    static func container(configuration: TodoServerConfiguration, stats: Stats) -> Container {
        let container = Container()
        let logger = configuration.logger
        container.register(Stats.self, scope: .singleton) { stats }
        container.register(TodoDatabase.self, scope: .singleton) { _ async throws in
            try await TodoDatabase.open(path: configuration.databasePath, logger: logger)
        }
        .onDispose { database async throws in try await database.close() }
        // Declared: a function of typed dependencies (async, as the database opens asynchronously), so
        // `verify()` checks the graph at start without building anything.
        container.register(TodoRepository.self, scope: .singleton) { (database: TodoDatabase) async in
            TodoRepository(database: database)
        }
        container.register(UnitOfWork.self, scope: .request) { (database: TodoDatabase, stats: Stats) async in
            UnitOfWork(database: database, stats: stats)
        }
        .onDispose { work async in await work.rollbackIfOpen() }
        container.register(RequestLog.self, scope: .request) { r in
            let request = try r.currentRequest()
            return RequestLog(logger: request.logger, requestID: request.id, stats: try r.resolve())
        }
        .onDispose { log in log.finish() }
        container.register(TodoService.self, scope: .request, using: TodoService.make)
        container.registerLifecycleService(Application<RouterResponder<BasicRequestContext>>.self) { r async throws in
            let repository: TodoRepository = try await r.resolveAsync()
            let router = Router()
            // The default end: a body in memory (every route here returns JSON) ends the scope as the handler
            // returns; a streamed one would keep it open until it is written.
            router.add(middleware: RequestScopeMiddleware(container: r.container))
            TodoRoutes.add(to: router, wiring: Resolved(container: r.container), repository: repository)
            return Application(
                router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
                onServerRunning: configuration.onServerRunning, logger: logger)
        }
        return container
    }

    /// Each request's service, resolved in the scope that `RequestScopeMiddleware` opened for it.
    struct Resolved: Wiring {
        let container: Container

        func withTodoService<Result>(
            _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
        ) async throws -> Result {
            let service = try await container.resolveAsync(TodoService.self)
            // Everything the request resolves shares its one unit of work.
            guard try await container.resolveAsync(UnitOfWork.self) === service.work else {
                throw HTTPError(.internalServerError, message: "two units of work in one request")
            }
            return try await body(service)
        }
    }
}

/// The same server wired by hand, for the load test's baseline.
enum HandWiring {
    static func services(configuration: TodoServerConfiguration, stats: Stats) async throws -> HandWiredServer {
        let database = try await TodoDatabase.open(path: configuration.databasePath, logger: configuration.logger)
        let repository = TodoRepository(database: database)
        let router = Router()
        TodoRoutes.add(to: router, wiring: ByHand(repository: repository, stats: stats), repository: repository)
        let application = Application(
            router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: configuration.onServerRunning, logger: configuration.logger)
        return HandWiredServer(database: database, application: application)
    }

    struct ByHand: Wiring {
        let repository: TodoRepository
        let stats: Stats

        func withTodoService<Result>(
            _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
        ) async throws -> Result {
            let work = UnitOfWork(database: repository.database, stats: stats)
            let log = RequestLog(logger: context.logger, requestID: context.id, stats: stats)
            let service = TodoService(work: work, repository: repository, log: log)
            do {
                let result = try await body(service)
                await work.rollbackIfOpen()
                log.finish()
                return result
            } catch {
                await work.rollbackIfOpen()
                log.finish()
                throw error
            }
        }
    }
}

/// The hand-wired server as one service: the application, then the database's close.
struct HandWiredServer: Service {
    let database: TodoDatabase
    let application: Application<RouterResponder<BasicRequestContext>>

    func run() async throws {
        do {
            try await application.run()
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }
}
#endif
