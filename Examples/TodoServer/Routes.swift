#if Hummingbird
import HTTPTypes
import Hummingbird

/// How a route gets its `TodoService`: through Syringe's request scope, or wired by hand.
protocol Wiring: Sendable {
    /// Runs `body` with this request's service; the request's objects end when the request does.
    func withTodoService<Result>(
        _ context: BasicRequestContext, _ body: (TodoService) async throws -> Result
    ) async throws -> Result
}

/// The routes, the same for both wirings: list, add and complete todos, and a health check.
enum TodoRoutes {
    /// Adds the routes to `router`, after any middleware it has (middleware applies to the routes after it).
    static func add(to router: Router<BasicRequestContext>, wiring: some Wiring, repository: TodoRepository) {
        router.get("/health") { _, _ -> HTTPResponse.Status in
            await repository.isHealthy() ? .ok : .serviceUnavailable
        }
        let todos = router.group("/todos")
        todos.get { _, context in
            try await wiring.withTodoService(context) { service in
                EditedResponse(headers: headers(service), response: try await service.list())
            }
        }
        todos.post { request, context in
            let new = try await request.decode(as: NewTodo.self, context: context)
            return try await wiring.withTodoService(context) { service in
                EditedResponse(status: .created, headers: headers(service), response: try await service.add(new.title))
            }
        }
        todos.post("/:id/complete") { _, context in
            let id = try context.parameters.require("id", as: Int.self)
            return try await wiring.withTodoService(context) { service in
                EditedResponse(headers: headers(service), response: try await service.complete(id))
            }
        }
    }

    /// Which unit of work and which request the response came from.
    private static func headers(_ service: TodoService) -> HTTPFields {
        [unitOfWorkHeader: "\(service.work.id)", requestIDHeader: service.log.requestID]
    }

    static let unitOfWorkHeader = HTTPField.Name("X-Unit-Of-Work")!
    static let requestIDHeader = HTTPField.Name("X-Request-Id")!
}
#endif
